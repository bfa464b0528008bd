// Copyright 2026 The eddy Authors.
//
// What eddy's self-contained HTML reports share (the lab's scenario page,
// model/lab/html.cc, and the model report, model/report_html.cc): HTML
// escaping and the page's head with its inline style sheet. No script, no
// fonts, images or style sheets from the network.

#ifndef EDDY_MODEL_INTERNAL_HTML_H_
#define EDDY_MODEL_INTERNAL_HTML_H_

#include <string>
#include <string_view>

namespace eddy::lab::internal {

// &, <, > and " as entities.
inline std::string Esc(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// "<!DOCTYPE html>...<body>\n" with `title` (escaped here) and the shared
// style sheet.
inline std::string PageStart(std::string_view title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>" +
         Esc(title) +
         "</title><style>"
         "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;"
         "margin:24px auto;max-width:1280px;padding:0 16px;color:#222}"
         "h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:26px 0 6px}"
         "p{margin:4px 0}.expect{color:#444;font-style:italic}"
         "table{border-collapse:collapse;margin:6px 0}"
         "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
         "th{background:#f3f3f3}td.l,th.l{text-align:left}"
         ".grid{stroke:#e3e3e3;stroke-width:1}"
         ".tick{font-size:12px;fill:#444}.axis{font-size:13px;fill:#333}"
         ".legend{font-size:13px;fill:#222}.endlabel{font-size:12px}"
         "div.legend{display:flex;flex-wrap:wrap;align-items:center;gap:6px;"
         "font-size:12px;margin:4px 0 0 0}"
         "svg{display:block}svg.chart,svg.heat{width:100%;height:auto}"
         "p.explain{color:#555;font-size:13px}h3{font-size:14px;margin:14px 0 "
         "2px}"
         "div.scroll{overflow-x:auto;max-width:100%}"
         "td.warning{background:#fde2e1}td.note{background:#fff4d6}"
         "td:not(.l){white-space:nowrap}"
         "td.in{background:#dbeafe;text-align:center;font-size:11px;"
         "white-space:normal;min-width:96px;max-width:120px;"
         "overflow-wrap:anywhere}"
         "td.out{color:#bbb;text-align:center}"
         "</style></head><body>\n";
}

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_INTERNAL_HTML_H_
