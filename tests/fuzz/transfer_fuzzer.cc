// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: emulator/transfer's readers on any bytes. The first
// byte picks the reader: a DYNAMODB_JSON line, an ION line, a CSV record, or
// a line stream compressed with gzip / zstd / nothing. Invariants: no crash
// or sanitizer report, bounded memory per line, and every item a reader
// accepts survives its writer and reader again unchanged.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"

namespace {

void Check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace eddy::transfer;  // NOLINT
  if (size == 0) return 0;
  const uint8_t mode = data[0] % 6;
  const std::string_view text(reinterpret_cast<const char*>(data + 1),
                              size - 1);
  switch (mode) {
    case 0: {
      auto item = DecodeJsonLine(text);
      if (item.ok()) {
        auto again = DecodeJsonLine(EncodeJsonLine(*item));
        Check(again.ok() && *again == *item);
      }
      break;
    }
    case 1: {
      auto items = DecodeIonLine(text);
      if (items.ok()) {
        for (const eddy::Item& item : *items) {
          auto again = DecodeIonLine(EncodeIonLine(item));
          Check(again.ok() && again->size() == 1 && (*again)[0] == item);
        }
      }
      break;
    }
    case 2: {
      std::vector<std::string> fields;
      auto complete = SplitCsvRecord(text, ',', &fields);
      if (complete.ok() && *complete) {
        (void)CsvFieldsToItem({"pk", "sk", "a", "b"}, fields,
                              {{"pk", eddy::ScalarAttributeType::kS},
                               {"sk", eddy::ScalarAttributeType::kN}});
      }
      break;
    }
    default: {
      const Compression c = mode == 3   ? Compression::kNone
                            : mode == 4 ? Compression::kGzip
                                        : Compression::kZstd;
      // fmemopen reads exactly the bytes it is given: a copy the stream
      // owns, never past the end of the fuzzer's buffer (an empty input has
      // nothing to read).
      if (text.empty()) return 0;
      std::string bytes(text);
      std::FILE* f = fmemopen(bytes.data(), bytes.size(), "rb");
      if (f == nullptr) return 0;
      auto reader = LineReader::FromStream(f, "fuzz", c, /*max_line=*/4096);
      std::string line;
      for (int i = 0; i < 100000; ++i) {
        auto got = reader->Next(&line);
        if (!got.ok() || *got == LineReader::Result::kEnd) break;
        Check(line.size() <= 4096);
      }
      reader.reset();
      std::fclose(f);
      break;
    }
  }
  return 0;
}
