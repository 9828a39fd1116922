#!/usr/bin/env python3
"""Reference implementation of the claim ledger's scoring algorithm.

This program is an independent re-implementation, written from docs/design.md
(sections 2 to 5; the site's /spec/ page) rather than translated from the TypeScript engine, so that
the two can be checked against each other. It uses only the Python standard
library.

Usage:
    python3 reference/ledger.py score <claim.json> --model <model.json>
    python3 reference/ledger.py verify <site-or-snapshot dir>
    python3 reference/ledger.py batch < cases.jsonl

Every number is read from a decimal string into decimal.Decimal and every
operation runs in one context (40 significant digits, half-even), never a
binary float. Rounding to k places happens only through ``round_to``.

This file is the command line. The code it runs sits beside it, one concern a file
(README.md lists them): ledger_numbers.py, ledger_canonical.py, ledger_model.py,
ledger_claim.py, ledger_steps.py (one function per step), ledger_working.py, ledger_trace.py,
the verify command's ledger_verify.py and the files it uses, and ledger_commands.py. The names
other code imports from ``ledger`` are imported here from those files.
"""

from __future__ import annotations

import argparse
import sys

from ledger_canonical import canonical_json, code_hash, hash_canonical, sha256_hex
from ledger_claim import Claim, Link, read_claim
from ledger_commands import command_batch, command_explain_batch, command_score, command_verify
from ledger_compare import compare, show
from ledger_errors import LedgerError
from ledger_model import Model, read_model
from ledger_numbers import CTX, QUANTIZE_CTX, fixed, logistic, parse_decimal, plain, round_to
from ledger_steps import (
    Stability,
    factor,
    interpretation_factor,
    kept_sum,
    step1_not_applicable_reason,
    step2_link_weight,
    step3_independence,
    step4_insufficient,
    step5_prior_log_odds,
    step6_posterior_log_odds,
    step7_probability_and_state,
    step8_stability,
    step9_coverage,
    step10_gradient,
    vote_weight,
)
from ledger_trace import TRACE_FORMAT, compute_result, score
from ledger_verify import verify
from ledger_working import compute_working

# The names ``import ledger`` offers (explain.py and the tests use some of them).
__all__ = [
    "CTX",
    "QUANTIZE_CTX",
    "TRACE_FORMAT",
    "Claim",
    "LedgerError",
    "Link",
    "Model",
    "Stability",
    "build_parser",
    "canonical_json",
    "code_hash",
    "compare",
    "compute_result",
    "compute_working",
    "factor",
    "fixed",
    "hash_canonical",
    "interpretation_factor",
    "kept_sum",
    "logistic",
    "main",
    "parse_decimal",
    "plain",
    "read_claim",
    "read_model",
    "round_to",
    "score",
    "sha256_hex",
    "show",
    "step1_not_applicable_reason",
    "step2_link_weight",
    "step3_independence",
    "step4_insufficient",
    "step5_prior_log_odds",
    "step6_posterior_log_odds",
    "step7_probability_and_state",
    "step8_stability",
    "step9_coverage",
    "step10_gradient",
    "verify",
    "vote_weight",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ledger.py",
        description=(
            "Stdlib-only Python reference implementation of the claim ledger's scoring "
            "algorithm (the site's /spec/ page), for checking the site's published traces."
        ),
        epilog=(
            "examples:\n"
            "  python3 reference/ledger.py score dist/claims/eastbrook/trace.json "
            "--model dist/models/ledger-strict@0.1.0/model.json\n"
            "  python3 reference/ledger.py verify dist\n"
            "  python3 reference/ledger.py batch < cases.jsonl > traces.jsonl\n\n"
            "exit status: 0 on success, 1 when a trace differs or an input is bad, 2 on a usage error."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    score_parser = commands.add_parser(
        "score",
        help="score one claim under one model and print its trace (JSON, indent 2)",
        description=(
            "Score one claim under one model and print the trace. CLAIM is a published "
            "trace.json (its input is scored, its claim field is the slug) or a bare "
            "normalised claim (the slug is the file name without extension)."
        ),
    )
    score_parser.add_argument("claim", metavar="CLAIM.json", help="a trace.json or a normalised claim in JSON")
    score_parser.add_argument("--model", required=True, metavar="MODEL.json", help="a model in canonical JSON form")
    score_parser.set_defaults(run=command_score)
    verify_parser = commands.add_parser(
        "verify",
        help="re-score every trace.json under a built site or snapshot and report differences",
        description=(
            "Find every trace.json under DIR, re-score its input under DIR/models/<model>/model.json "
            "and compare every field but codeHash (the working included); check MANIFEST.sha256 and "
            "models/released.lock when DIR has them. Symbolic links are refused, never followed, and "
            "decimals beyond 40 digits or an exponent of +-1000 are refused. Exit 1 if anything differs "
            "or no trace is found."
        ),
    )
    verify_parser.add_argument("dir", metavar="DIR", help="the built site or an unpacked snapshot")
    verify_parser.set_defaults(run=command_verify)
    batch_parser = commands.add_parser(
        "batch",
        help="score JSON Lines of {slug, model, claim} from stdin, one compact trace per line",
        description=(
            "Read JSON Lines on stdin, each {\"slug\", \"model\", \"claim\"}, and write one compact "
            "trace per line on stdout, in order; a case that fails gives {\"error\": message}."
        ),
    )
    batch_parser.set_defaults(run=command_batch)
    explain_parser = commands.add_parser(
        "explain-batch",
        help="explain JSON Lines of {slug, model, models, claim} from stdin, one explanation per line",
        description=(
            "Read JSON Lines on stdin, each {\"slug\", \"model\" (the page's model id), \"models\" "
            "([id, model JSON] for every released model), \"claim\"} and write one explanation "
            "(explain.json) per line; a case that fails gives {\"error\": message}."
        ),
    )
    explain_parser.set_defaults(run=command_explain_batch)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except LedgerError as error:
        sys.stderr.write(f"ledger.py {args.command}: {error}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
