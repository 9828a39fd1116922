"""Validate claim files against the ledger's published JSON Schema, with PyYAML and jsonschema.

    python3 validate_claim.py claim.schema.json content/claims/*.yaml

PyYAML reads YAML 1.1: it turns `recorded: 2026-10-11` into a datetime.date (the schema wants the
text) and the key `on` into the boolean True (reviews in files written before the key was named
`date`). TextLoader keeps dates as the text they are, and reads only true and false as booleans,
so every claim file, old or new, validates as written. Exits 1 if any file does not.
"""

import json
import re
import sys

import jsonschema
import yaml


class TextLoader(yaml.SafeLoader):
    """PyYAML's safe loader with dates kept as text and only true/false read as booleans."""


TextLoader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
TextLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def main(schema_file, claim_files):
    with open(schema_file, encoding="utf-8") as f:
        validator = jsonschema.Draft7Validator(json.load(f))
    failed = 0
    for name in claim_files:
        with open(name, encoding="utf-8") as f:
            claim = yaml.load(f, Loader=TextLoader)
        for error in validator.iter_errors(claim):
            where = "/".join(str(p) for p in error.absolute_path) or "(the file)"
            print(f"{name}: {where}: {error.message}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
