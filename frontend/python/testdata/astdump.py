# Dumps a Python file's syntax tree in the S-expression format of
# frontend/python's Dump, for the differential test against CPython.
import ast, json, sys

OPS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
    ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.MatMult: "@",
    ast.And: "and", ast.Or: "or", ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.Not: "not",
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Is: "is",
    ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}
SKIP = {"ctx", "type_comment", "kind", "type_params", "type_ignores"}


def q(s):
    return json.dumps(s, ensure_ascii=False)


def const(v):
    if v is None or v is True or v is False or v is Ellipsis:
        return repr(v)
    if isinstance(v, bytes):
        return "b" + q(v.decode("latin-1"))
    if isinstance(v, str):
        return q(v)
    if isinstance(v, complex):
        return repr(v.imag) + "j"
    return repr(v)


def node(n, in_fstring=False):
    name = type(n).__name__
    out = "(" + name
    positioned = hasattr(n, "lineno") and not (in_fstring and name in ("Constant", "FormattedValue", "JoinedStr")) \
        and name not in ("arguments", "comprehension", "withitem")
    if name == "FormattedValue":
        positioned = False
    if positioned:
        out += "@%d:%d-%d:%d" % (n.lineno, n.col_offset, n.end_lineno, n.end_col_offset)
    if isinstance(n, ast.Match):
        return out + ")"
    for f, v in ast.iter_fields(n):
        if f in SKIP:
            continue
        out += " " + f + "="
        if f == "op":
            out += q(OPS[type(v)])
        elif f == "ops":
            out += "[" + " ".join(q(OPS[type(o)]) for o in v) + "]"
        elif f == "value" and name == "Constant":
            out += const(v)
        elif isinstance(v, list):
            out += "[" + " ".join(item(x, name == "JoinedStr") for x in v) + "]"
        else:
            out += item(v, name == "FormattedValue" and f == "format_spec")
    return out + ")"


def item(v, in_fstring):
    if isinstance(v, ast.AST):
        return node(v, in_fstring)
    if v is None:
        return "None"
    if isinstance(v, str):
        return q(v)
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


src = open(sys.argv[1], encoding="utf-8").read()
sys.stdout.write(node(ast.parse(src)))
