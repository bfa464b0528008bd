// Copyright 2026 The eddy Authors.

#include "model/cost.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "model/prices_data.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kGB = 1024.0 * 1024.0 * 1024.0;
constexpr double kEntryOverhead = 100;  // bytes per stored item or entry

Status BadMember(const std::string& pointer, const std::string& what) {
  return Status::Validation("price table: " + pointer + ": " + what);
}

Status Number(const Json& obj, const std::string& at, const char* member,
              double* out) {
  auto it = obj.find(member);
  const std::string p = at + "/" + member;
  if (it == obj.end()) return BadMember(p, "missing");
  if (!it->is_number() || !std::isfinite(it->get<double>()) ||
      it->get<double>() < 0) {
    return BadMember(p, "must be a number, 0 or more");
  }
  *out = it->get<double>();
  return Status::OK();
}

Status Object(const Json& obj, const std::string& at, const char* member,
              const Json** out) {
  auto it = obj.find(member);
  const std::string p = at + "/" + member;
  if (it == obj.end()) return BadMember(p, "missing");
  if (!it->is_object()) return BadMember(p, "must be an object");
  *out = &*it;
  return Status::OK();
}

double Ratio(int64_t a, int64_t b) {
  return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 0;
}

// Eventually consistent Query units for `bytes` of entries: 0.5 per 4 KB of
// the sum, rounded up once (a GSI read is eventually consistent).
double QueryUnits(double bytes) {
  return std::max(1.0, std::ceil(bytes / 4096.0)) * 0.5;
}

}  // namespace

StatusOr<PriceTable> ParsePriceTable(std::string_view text) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    return Status::Validation("price table: not valid JSON");
  }
  if (!j.is_object()) return BadMember("(document)", "must be an object");
  PriceTable t;
  for (const char* m : {"date", "source"}) {
    auto it = j.find(m);
    if (it == j.end() || !it->is_string() || it->get<std::string>().empty()) {
      return BadMember(std::string("/") + m,
                       "must be a non-empty string: say when and where the "
                       "prices were read");
    }
    (std::string(m) == "date" ? t.date : t.source) = it->get<std::string>();
  }
  if (j.contains("hoursPerMonth")) {
    EDDY_RETURN_IF_ERROR(Number(j, "", "hoursPerMonth", &t.hours_per_month));
    if (t.hours_per_month <= 0) {
      return BadMember("/hoursPerMonth", "must be more than 0");
    }
  }
  const Json* regions = nullptr;
  EDDY_RETURN_IF_ERROR(Object(j, "", "regions", &regions));
  if (regions->empty()) return BadMember("/regions", "names no region");
  for (auto it = regions->begin(); it != regions->end(); ++it) {
    const std::string at = "/regions/" + JsonPointerEscape(it.key());
    if (!it->is_object()) return BadMember(at, "must be an object");
    RegionPrices r;
    const Json *od = nullptr, *pr = nullptr;
    EDDY_RETURN_IF_ERROR(Object(*it, at, "onDemand", &od));
    EDDY_RETURN_IF_ERROR(Object(*it, at, "provisioned", &pr));
    EDDY_RETURN_IF_ERROR(
        Number(*od, at + "/onDemand", "writePerMillion", &r.write_per_million));
    EDDY_RETURN_IF_ERROR(
        Number(*od, at + "/onDemand", "readPerMillion", &r.read_per_million));
    EDDY_RETURN_IF_ERROR(
        Number(*pr, at + "/provisioned", "wcuHour", &r.wcu_hour));
    EDDY_RETURN_IF_ERROR(
        Number(*pr, at + "/provisioned", "rcuHour", &r.rcu_hour));
    EDDY_RETURN_IF_ERROR(
        Number(*it, at, "storageGbMonth", &r.storage_gb_month));
    t.regions[it.key()] = r;
  }
  return t;
}

StatusOr<PriceTable> LoadPriceTableFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::ResourceNotFound("cannot read price table " + path);
  }
  std::stringstream buf;
  buf << in.rdbuf();
  StatusOr<PriceTable> t = ParsePriceTable(buf.str());
  if (!t.ok()) return t.status().WithMessagePrefix(path + ": ");
  return t;
}

const PriceTable& DefaultPriceTable() {
  static const PriceTable* table = [] {
    StatusOr<PriceTable> t = ParsePriceTable(internal::kDefaultPricesJson);
    // model/prices.json is checked by the tests; a broken one is a build
    // defect, so fall back to an empty table rather than crash.
    return new PriceTable(t.ok() ? *std::move(t) : PriceTable());
  }();
  return *table;
}

Traffic TrafficFor(const Model& model, const RunReport& run, bool* nominal) {
  if (model.traffic) {
    if (nominal != nullptr) *nominal = false;
    return *model.traffic;
  }
  if (nominal != nullptr) *nominal = true;
  Traffic t;
  for (const PatternReport& p : run.patterns) {
    if (p.executable && p.skipped.empty() && p.runs > 0) {
      t.pattern_rps.emplace_back(p.number, 1.0);
    }
  }
  for (const EntityReport& e : run.entities) {
    if (e.items > 0) t.writes_per_second.emplace_back(e.entity_type, 1.0);
  }
  return t;
}

void PriceIndexCost(const RegionPrices& pr, double hours_per_month,
                    double utilization, IndexCost* c) {
  const double seconds = hours_per_month * 3600;
  const double util = utilization > 0 ? utilization : 1;
  c->read_on_demand =
      c->read_units_per_second * seconds / 1e6 * pr.read_per_million;
  c->write_on_demand =
      c->write_units_per_second * seconds / 1e6 * pr.write_per_million;
  c->provisioned_rcu = c->read_units_per_second / util;
  c->provisioned_wcu = c->write_units_per_second / util;
  c->read_provisioned = c->provisioned_rcu * hours_per_month * pr.rcu_hour;
  c->write_provisioned = c->provisioned_wcu * hours_per_month * pr.wcu_hour;
  c->storage = c->storage_bytes / kGB * pr.storage_gb_month;
}

StatusOr<CostReport> EstimateCost(const Model& model,
                                  const DataProfile& profile,
                                  const RunReport& run, const Traffic& traffic,
                                  const PriceTable& prices) {
  auto region = prices.regions.find(traffic.region);
  if (region == prices.regions.end()) {
    std::string have;
    for (const auto& [name, _] : prices.regions) {
      have += (have.empty() ? "" : ", ") + name;
    }
    return Status::Validation("the price table has no region \"" +
                              traffic.region + "\" (it has " + have + ")");
  }
  const RegionPrices& pr = region->second;
  const double hours = prices.hours_per_month;
  const double seconds = hours * 3600;
  const double util = traffic.utilization > 0 ? traffic.utilization : 1;
  auto read_od = [&](double units_per_second) {
    return units_per_second * seconds / 1e6 * pr.read_per_million;
  };
  auto write_od = [&](double units_per_second) {
    return units_per_second * seconds / 1e6 * pr.write_per_million;
  };
  auto storage = [&](double bytes) {
    return bytes / kGB * pr.storage_gb_month;
  };

  CostReport out;
  out.region = traffic.region;
  out.price_date = prices.date;
  out.price_source = prices.source;
  out.hours_per_month = hours;
  out.utilization = util;
  for (const IndexProfile& ip : profile.indexes) {
    IndexCost c;
    c.name = ip.name;
    c.entries = ip.entries;
    c.storage_bytes = static_cast<double>(ip.bytes) +
                      kEntryOverhead * static_cast<double>(ip.entries);
    out.indexes.push_back(std::move(c));
  }
  auto index_cost = [&](const std::string& name) -> IndexCost* {
    for (IndexCost& c : out.indexes) {
      if (c.name == name) return &c;
    }
    return nullptr;
  };

  // Reads.
  auto rps_of = [&](int number) {
    double rps = 0;
    for (const auto& [n, r] : traffic.pattern_rps) {
      if (n == number) rps += r;
    }
    return rps;
  };
  for (const PatternReport& p : run.patterns) {
    if (!p.executable) continue;
    PatternCost c;
    c.number = p.number;
    c.name = p.name;
    c.index = p.index;
    c.requests_per_second = rps_of(p.number);
    if (p.skipped.empty() && p.runs > 0) {
      c.read_units_per_request = p.read_units_total / p.runs;
    }
    c.read_units_per_second = c.requests_per_second * c.read_units_per_request;
    c.on_demand = read_od(c.read_units_per_second);
    c.provisioned = c.read_units_per_second / util * hours * pr.rcu_hour;
    if (IndexCost* ic = index_cost(p.index)) {
      ic->read_units_per_second += c.read_units_per_second;
    }
    out.patterns.push_back(std::move(c));
  }

  // Writes.
  for (const auto& [type, wps] : traffic.writes_per_second) {
    const ShapeProfile* sp = profile.FindShape(type);
    WriteCost w;
    w.entity_type = type;
    w.writes_per_second = wps;
    if (sp != nullptr && sp->items > 0) {
      for (const ShapeIndexProfile& si : sp->indexes) {
        IndexWrite iw;
        iw.index = si.index;
        iw.units_per_write = si.index == "table"
                                 ? Ratio(sp->table_wcu, sp->items)
                                 : Ratio(si.sizes.actual_wcu, sp->items);
        if (iw.units_per_write == 0) continue;
        w.units_per_write += iw.units_per_write;
        if (IndexCost* ic = index_cost(si.index)) {
          ic->write_units_per_second += wps * iw.units_per_write;
        }
        w.units.push_back(std::move(iw));
      }
    }
    w.on_demand = write_od(wps * w.units_per_write);
    w.provisioned = wps * w.units_per_write / util * hours * pr.wcu_hour;
    out.writes.push_back(std::move(w));
  }

  for (IndexCost& c : out.indexes) {
    PriceIndexCost(pr, hours, util, &c);
    out.on_demand_total += c.on_demand();
    out.provisioned_total += c.provisioned();
  }

  // Projections and sparseness, per secondary index (GSIs, then LSIs: an
  // LSI is sparse too, and its projection is chosen the same way).
  auto wps_of = [&](const std::string& type) {
    double wps = 0;
    for (const auto& [t, r] : traffic.writes_per_second) {
      if (t == type) wps += r;
    }
    return wps;
  };
  for (const IndexDefinition* index : model.table.AllIndexes()) {
    const IndexDefinition& g = *index;
    const IndexProfile* ip = profile.FindIndex(g.name);
    if (ip == nullptr) continue;
    ProjectionCost pc;
    pc.index = g.name;
    std::string include = "INCLUDE (";
    for (size_t i = 0; i < ip->include_attributes.size(); ++i) {
      include += (i ? ", " : "") + ip->include_attributes[i];
    }
    include += ")";
    for (int k = 0; k < 3; ++k) {
      ProjectionOption o;
      o.projection = k == 0 ? "ALL" : k == 1 ? "KEYS_ONLY" : include;
      o.declared = (k == 0 && g.projection == ProjectionType::kAll) ||
                   (k == 1 && g.projection == ProjectionType::kKeysOnly) ||
                   (k == 2 && g.projection == ProjectionType::kInclude);
      auto bytes_of = [k](const ShapeIndexProfile& si) {
        return k == 0   ? si.sizes.all_bytes
               : k == 1 ? si.sizes.keys_bytes
                        : si.sizes.include_bytes;
      };
      auto wcu_of = [k](const ShapeIndexProfile& si) {
        return k == 0   ? si.sizes.all_wcu
               : k == 1 ? si.sizes.keys_wcu
                        : si.sizes.include_wcu;
      };
      int64_t entries = 0;
      for (const ShapeProfile& sp : profile.shapes) {
        const ShapeIndexProfile* si = sp.Find(g.name);
        if (si == nullptr || sp.items == 0) continue;
        entries += si->entries;
        o.storage_bytes += static_cast<double>(bytes_of(*si));
        o.write_units_per_second +=
            wps_of(sp.entity_type) * Ratio(wcu_of(*si), sp.items);
      }
      o.storage_bytes += kEntryOverhead * static_cast<double>(entries);
      for (const PatternReport& p : run.patterns) {
        if (!p.executable || p.index != g.name || !p.skipped.empty() ||
            p.runs == 0) {
          continue;
        }
        int64_t b = 0, n = 0, rcu4 = 0, items = 0;
        for (const std::string& type : p.matching_entity_types) {
          const ShapeProfile* sp = profile.FindShape(type);
          const ShapeIndexProfile* si = sp ? sp->Find(g.name) : nullptr;
          if (si == nullptr) continue;
          b += bytes_of(*si);
          n += si->entries;
          rcu4 += sp->read_units_4kb;
          items += sp->items;
        }
        const double per_request_items =
            static_cast<double>(p.items_total) / p.runs;
        const double rps = rps_of(p.number);
        o.read_units_per_second +=
            rps * QueryUnits(per_request_items * Ratio(b, n));
        if (k != 0) {
          // Each item read back from the table, eventually consistent,
          // rounded up to 4 KB on its own.
          o.fetch_units_per_second +=
              rps * per_request_items * 0.5 * Ratio(rcu4, items);
        }
      }
      o.on_demand = write_od(o.write_units_per_second) +
                    storage(o.storage_bytes) + read_od(o.read_units_per_second);
      o.on_demand_with_fetch = o.on_demand + read_od(o.fetch_units_per_second);
      pc.options.push_back(std::move(o));
    }
    out.projections.push_back(std::move(pc));

    SparseSaving s;
    s.index = g.name;
    s.entries = ip->entries;
    s.table_items = profile.indexes.empty() ? 0 : profile.indexes[0].entries;
    for (const ShapeProfile& sp : profile.shapes) {
      if (sp.items == 0 || sp.Find(g.name) != nullptr) continue;
      s.entity_types_left_out.push_back(sp.entity_type);
      const ShapeIndexProfile& table = sp.indexes[0];
      if (g.projection == ProjectionType::kAll) {
        s.storage_bytes_saved += static_cast<double>(sp.bytes);
        s.write_units_per_second_saved +=
            wps_of(sp.entity_type) * Ratio(sp.table_wcu, sp.items);
      } else {
        // A keys-only entry: about the table's key attributes (the index's
        // own keys would be of the same order), under 1 KB.
        s.storage_bytes_saved += static_cast<double>(table.sizes.keys_bytes);
        s.write_units_per_second_saved += wps_of(sp.entity_type);
      }
      s.storage_bytes_saved += kEntryOverhead * static_cast<double>(sp.items);
    }
    s.on_demand_saved = write_od(s.write_units_per_second_saved) +
                        storage(s.storage_bytes_saved);
    out.sparse.push_back(std::move(s));
  }
  return out;
}

}  // namespace eddy::model
