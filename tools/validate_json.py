#!/usr/bin/env python3
"""Validates JSON output of softticks-inspect or softticks-trace against
tools/schema.json (python3-jsonschema).

    validate_json.py DEFINITION [FILE]      one document (FILE or stdin)
    validate_json.py --lines DEFINITION [FILE]
                                            one document per non-empty line

DEFINITION names an entry of the schema's $defs: inspect-report,
inspect-summary, trace-count, trace-stop-at, trace-slices, trace-check.
Exit status: 0 valid, 1 invalid or not JSON, 2 usage, 77 no jsonschema
(the status CTest reads as a skip)."""
import json
import os
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.json")


def validator_for(definition):
    """A validator for one entry of $defs; None if jsonschema is missing.
    Raises KeyError for an unknown definition."""
    try:
        import jsonschema
    except ImportError:
        return None
    with open(SCHEMA) as f:
        schema = json.load(f)
    if definition not in schema["$defs"]:
        raise KeyError(definition)
    # The root is only a container of $defs: refer to one of them, so
    # that "#/$defs/..." references still resolve against the document.
    schema = dict(schema, **{"$ref": "#/$defs/" + definition})
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def errors(validator, document):
    """Readable messages, one per violation (empty when valid)."""
    return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(top)", e.message)
            for e in validator.iter_errors(document)]


def main(argv):
    lines = False
    if argv and argv[0] == "--lines":
        lines, argv = True, argv[1:]
    if len(argv) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        validator = validator_for(argv[0])
    except KeyError:
        print("validate_json: no definition %r in %s" % (argv[0], SCHEMA), file=sys.stderr)
        return 2
    if validator is None:
        print("SKIP: python3-jsonschema is not installed", file=sys.stderr)
        return 77
    text = open(argv[1]).read() if len(argv) == 2 else sys.stdin.read()
    texts = [t for t in text.splitlines() if t.strip()] if lines else [text]
    if not texts:
        print("validate_json: no document", file=sys.stderr)
        return 1
    bad = 0
    for t in texts:
        try:
            document = json.loads(t)
        except ValueError as e:
            print("validate_json: not JSON (%s): %r" % (e, t[:200]), file=sys.stderr)
            bad += 1
            continue
        for message in errors(validator, document):
            print("validate_json: %s: %s" % (argv[0], message), file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
