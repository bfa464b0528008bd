// Copyright 2026 The eddy Authors.

#include "emulator/partiql/ast.h"

#include <string>

namespace eddy::partiql {
namespace {

void AppendQuoted(std::string_view text, char quote, std::string* out) {
  out->push_back(quote);
  for (char c : text) {
    if (c == quote) out->push_back(quote);
    out->push_back(c);
  }
  out->push_back(quote);
}

void Append(const Node& node, std::string* out);

void AppendChildren(const Node& node, std::string* out) {
  for (const NodePtr& child : node.children) {
    out->push_back(' ');
    if (child) {
      Append(*child, out);
    } else {
      out->append("<null>");
    }
  }
}

void AppendFrom(const FromClause& from, std::string* out) {
  out->append("(from ");
  if (from.source) Append(*from.source, out);
  if (from.aliased) out->append(" aliased");
  if (from.joined) out->append(" joined");
  if (from.unpivot) out->append(" unpivot");
  out->push_back(')');
}

void AppendSelect(const SelectStatement& s, std::string* out) {
  out->append("(select");
  if (s.distinct) out->append(" distinct");
  if (s.value || s.pivot) {
    out->append(s.value ? " (value " : " (pivot ");
    if (s.value_expr) Append(*s.value_expr, out);
    out->push_back(')');
  } else {
    out->append(" (items");
    for (const SelectItem& item : s.items) {
      out->push_back(' ');
      if (item.star) {
        out->append("*");
      } else {
        if (item.project_all) out->append("(all ");
        Append(*item.expr, out);
        if (item.project_all) out->push_back(')');
      }
      if (item.aliased) out->append(" aliased");
    }
    out->push_back(')');
  }
  out->push_back(' ');
  AppendFrom(s.from, out);
  if (s.has_let) out->append(" (let)");
  if (s.where) {
    out->append(" (where ");
    Append(*s.where, out);
    out->push_back(')');
  }
  if (s.has_group_by) out->append(" (group_by)");
  if (s.having) {
    out->append(" (having ");
    Append(*s.having, out);
    out->push_back(')');
  }
  if (!s.order_by.empty()) {
    out->append(" (order_by");
    for (const OrderTerm& term : s.order_by) {
      out->push_back(' ');
      Append(*term.expr, out);
      out->append(term.descending ? " desc" : " asc");
    }
    out->push_back(')');
  }
  if (s.limit) {
    out->append(" (limit ");
    Append(*s.limit, out);
    out->push_back(')');
  }
  out->push_back(')');
}

void AppendOp(const DmlOp& op, std::string* out) {
  switch (op.kind) {
    case DmlOp::Kind::kSet:
      out->append("(set");
      for (const Assignment& a : op.assignments) {
        out->append(" (= ");
        Append(*a.target, out);
        out->push_back(' ');
        Append(*a.value, out);
        out->push_back(')');
      }
      out->push_back(')');
      return;
    case DmlOp::Kind::kRemove:
      out->append("(remove ");
      Append(*op.target, out);
      out->push_back(')');
      return;
    case DmlOp::Kind::kInsertValue:
    case DmlOp::Kind::kInsert:
      out->append(op.kind == DmlOp::Kind::kInsert ? "(insert "
                                                  : "(insert_value ");
      Append(*op.target, out);
      out->push_back(' ');
      Append(*op.value, out);
      if (op.position) {
        out->append(" (at ");
        Append(*op.position, out);
        out->push_back(')');
      }
      if (op.on_conflict) out->append(" on_conflict");
      out->push_back(')');
      return;
  }
}

void AppendDml(const DmlStatement& d, std::string* out) {
  switch (d.form) {
    case DmlStatement::Form::kUpdate:
      out->append("(update ");
      break;
    case DmlStatement::Form::kDelete:
      out->append("(delete ");
      break;
    case DmlStatement::Form::kFromFirst:
      out->append("(from_first ");
      break;
    case DmlStatement::Form::kBare:
      out->append("(dml");
      break;
  }
  if (d.form != DmlStatement::Form::kBare) AppendFrom(d.target, out);
  auto where = [&] {
    if (!d.where) return;
    out->append(" (where ");
    Append(*d.where, out);
    out->push_back(')');
  };
  // In the order written: FROM-first puts the WHERE before the operations.
  if (d.form == DmlStatement::Form::kFromFirst) where();
  for (const DmlOp& op : d.ops) {
    out->push_back(' ');
    AppendOp(op, out);
  }
  if (d.form != DmlStatement::Form::kFromFirst) where();
  if (d.returning.present) {
    out->append(" (returning ");
    out->append(d.returning.mapping);
    out->append(d.returning.star ? " *" : " expr");
    if (d.returning.elements > 1) {
      out->append(" +" + std::to_string(d.returning.elements - 1));
    }
    out->push_back(')');
  }
  out->push_back(')');
}

void Append(const Node& node, std::string* out) {
  switch (node.kind) {
    case NodeKind::kLiteral:
      if (node.literal == LiteralKind::kString) {
        AppendQuoted(node.text, '\'', out);
      } else {
        out->append(node.text);
      }
      return;
    case NodeKind::kNull:
      out->append("null");
      return;
    case NodeKind::kMissing:
      out->append("missing");
      return;
    case NodeKind::kIonLiteral:
      out->append("`" + node.text + "`");
      return;
    case NodeKind::kIdentifier:
      if (node.quoted) {
        AppendQuoted(node.text, '"', out);
      } else {
        out->append(node.text);
      }
      return;
    case NodeKind::kParameter:
      out->append("?" + std::to_string(node.parameter));
      return;
    case NodeKind::kPath:
      out->append("(path ");
      Append(*node.children[0], out);
      for (const PathStep& step : node.path) {
        switch (step.kind) {
          case PathStep::Kind::kName:
            out->append(" .");
            if (step.quoted) {
              AppendQuoted(step.name, '"', out);
            } else {
              out->append(step.name);
            }
            break;
          case PathStep::Kind::kIndex:
            out->append(" [");
            Append(*step.expr, out);
            out->push_back(']');
            break;
          case PathStep::Kind::kUnpivot:
            out->append(" .*");
            break;
          case PathStep::Kind::kWildcard:
            out->append(" [*]");
            break;
        }
      }
      out->push_back(')');
      return;
    case NodeKind::kCall:
      out->append(node.aggregate ? "(aggregate " : "(call ");
      out->append(node.text);
      AppendChildren(node, out);
      out->push_back(')');
      return;
    case NodeKind::kUnary:
    case NodeKind::kBinary:
      out->push_back('(');
      if (node.negated) out->append("not_");
      out->append(node.text);
      AppendChildren(node, out);
      out->push_back(')');
      return;
    case NodeKind::kBetween:
      out->append(node.negated ? "(not_between" : "(between");
      AppendChildren(node, out);
      out->push_back(')');
      return;
    case NodeKind::kIsType:
      out->append(node.negated ? "(is_not " : "(is ");
      Append(*node.children[0], out);
      out->push_back(' ');
      out->append(node.text);
      out->push_back(')');
      return;
    case NodeKind::kList:
      out->append("(list");
      AppendChildren(node, out);
      out->push_back(')');
      return;
    case NodeKind::kBag:
      out->append("(bag");
      AppendChildren(node, out);
      out->push_back(')');
      return;
    case NodeKind::kStruct:
      out->append("(struct");
      for (size_t i = 0; i + 1 < node.children.size(); i += 2) {
        out->append(" (");
        Append(*node.children[i], out);
        out->push_back(' ');
        Append(*node.children[i + 1], out);
        out->push_back(')');
      }
      out->push_back(')');
      return;
    case NodeKind::kSelect:
      AppendSelect(*node.select, out);
      return;
    case NodeKind::kDml:
      AppendDml(*node.dml, out);
      return;
    case NodeKind::kUnsupported:
      out->append("(unsupported " + node.text + ")");
      return;
  }
}

}  // namespace

std::string Node::DebugString() const {
  std::string out;
  Append(*this, &out);
  return out;
}

}  // namespace eddy::partiql
