"""One run of tools/validate_json.py on a document, shared by the schema
checks of the suites (trace/schema_test.py, inspect/schema_test.py,
inspect/debug_split_test.py).  Import it with
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
"""
import json
import subprocess
import sys

NO_JSONSCHEMA = 77  # validate_json.py's status without python3-jsonschema


def validate(validator, definition, document):
    """(exit status, stderr) of VALIDATOR on DOCUMENT against the schema's
    $defs entry DEFINITION: 0 valid, 1 invalid, 77 no jsonschema."""
    p = subprocess.run([sys.executable, validator, definition], input=json.dumps(document),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    return p.returncode, p.stderr
