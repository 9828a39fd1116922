"""Tests of the Python reference implementation: a scored claim's result, trace and working, and rounding.

Run from the repository root:
    python3 -m unittest discover -s reference -p 'test_*.py'

Every expected figure is written as a decimal string, never compared as a float.
"""

from __future__ import annotations

import unittest
from decimal import Decimal

import ledger
from fixtures import STRICT, claim, link, model, result_of

class ScoreTest(unittest.TestCase):
    def test_a_single_strong_link(self):
        result = result_of(claim([link("a")]))["result"]
        # logistic(1.8) = 0.858148935..., 0.7 x 1.8 = 1.26 -> 0.7790, 1.3 x 1.8 = 2.34 -> 0.9121
        self.assertEqual(result["probability"], "0.8581")
        self.assertEqual(result["state"], "likely")
        self.assertIsNone(result["reason"])
        # Spread 0.1331 is medium; one source could not be high in any case.
        self.assertEqual(result["stability"], {"spread": "0.1331", "level": "medium"})

    def test_prior_log_odds_of_a_causal_claim(self):
        # ln(0.3 / 0.7) = -0.8472978603872037 -> -0.847298
        result = result_of(claim([link("a", relevance="touches-subject", observation="rumour")], type="causal"))["result"]
        self.assertEqual(result["posteriorLogOdds"], "-0.817298")

    def test_high_stability_needs_two_sources(self):
        evidence = [link("a", relevance="touches-subject", observation="rumour"),
                    link("b", source="press", relevance="touches-subject", observation="rumour")]
        two = result_of(claim(evidence, sources=("lab", "press")))["result"]["stability"]
        one = result_of(claim(evidence[:1]))["result"]["stability"]
        self.assertEqual(two["level"], "high")
        self.assertEqual(one["level"], "medium")

    def test_a_second_source_that_moves_no_number_is_not_counted_for_high(self):
        # docs/design.md §4 step 8: only kept links with a weight above 0 count as sources. One counted
        # rumour (0.03) gives a spread of 0.0045, within high; a context-only, refuted or
        # model-output link from a second source weighs 0 and must leave it capped at medium.
        counted = link("a", relevance="touches-subject", observation="rumour")
        for name, second in [
            ("context-only", link("b", source="press", relevance="context-only")),
            ("refuted", link("b", source="press", authenticity="refuted")),
            ("refuted extraction, opposing", link("b", source="press", extraction="refuted", direction="opposes")),
            ("model output", link("b", source="press", observation="model-output")),
        ]:
            with self.subTest(name):
                trace = result_of(claim([counted, second], sources=("lab", "press")))
                self.assertEqual([l["weight"] for l in trace["links"]], ["0.030000", "0.000000"])
                self.assertEqual(trace["result"]["stability"], {"spread": "0.0045", "level": "medium"})
        weighed = link("b", source="press", relevance="touches-subject", observation="rumour")
        two = result_of(claim([counted, weighed], sources=("lab", "press")))["result"]["stability"]
        self.assertEqual(two["level"], "high")

    def test_opposing_evidence_lowers_the_probability(self):
        result = result_of(claim([link("a", direction="opposes")]))["result"]
        self.assertEqual(result["posteriorLogOdds"], "-1.800000")
        self.assertEqual(result["probability"], "0.1419")
        self.assertEqual(result["state"], "unlikely")

    def test_coverage_counts_declared_checks_done_by_others(self):
        reviews = [
            {"check": "primary-source-reviewed", "by": "m.ito", "on": "2026-10-04"},
            {"check": "primary-source-reviewed", "by": "a.ng", "on": "2026-10-05"},
            {"check": "opposing-search-done", "by": "r.okafor", "on": "2026-10-05"},  # the author's own
            {"check": "made-up-check", "by": "m.ito", "on": "2026-10-05"},  # not declared
            {"check": "qualifiers-reviewed", "by": "a.ng", "on": "2026-10-06"},
        ]
        coverage = result_of(claim(reviews=reviews))["result"]["coverage"]
        self.assertEqual(coverage, {"done": 2, "declared": 4, "value": "0.50"})

    def test_the_trace_has_exactly_the_published_shape(self):
        trace = result_of(claim([link("a")]))
        self.assertEqual(list(trace), ["traceFormat", "claim", "model", "configHash", "inputHash", "codeHash",
                                       "links", "result", "input", "working"])
        self.assertEqual(list(trace["result"]), ["state", "probability", "posteriorLogOdds", "reason",
                                                 "stability", "coverage", "gradient"])
        self.assertEqual(trace["traceFormat"], 1)
        self.assertEqual(trace["model"], "ledger-strict@0.1.0")

    def test_the_working_shows_seed_000s_figures(self):
        # Seed 000: 2.0 x 0.9 = 1.8 kept; a dependent link with two steps (1 - 0.15 x 2 = 0.70);
        # logistic(1.8) = 0.8581489350995122..., re-scores 1.26 -> 0.7790 and 2.34 -> 0.9121.
        evidence = [link("a"), link("b", relevance="bears-directly", observation="measurement", steps="2")]
        working = result_of(claim(evidence))["working"]
        self.assertEqual(working["links"][0]["product"], "1.8")
        self.assertEqual(working["links"][1]["interpretation"], {"steps": "2", "raw": "0.7", "factor": "0.7"})
        self.assertEqual((working["links"][1]["kept"], working["links"][1]["keptLink"]), (False, "a"))
        self.assertEqual(working["groups"],
                         [{"source": "lab", "direction": "supports", "links": ["a", "b"], "kept": ["a"]}])
        self.assertEqual(working["sum"], {"supporting": "1.800000", "opposing": "0.000000", "kept": "1.800000",
                                          "posteriorLogOdds": "1.800000"})
        self.assertTrue(working["probability"]["logistic"].startswith("0.858148935099512"))
        self.assertEqual(working["stability"], {
            "rescores": [{"scale": "0.7", "logOdds": "1.26", "probability": "0.7790"},
                         {"scale": "1.3", "logOdds": "2.34", "probability": "0.9121"}],
            "spread": "0.1331", "measuredLevel": "medium", "sources": 1, "minGroupsForHigh": 2,
            "capped": False, "level": "medium"})

    def test_the_working_records_the_level_before_the_cap(self):
        counted = link("a", relevance="touches-subject", observation="rumour")
        context = link("b", source="press", relevance="context-only")
        stability = result_of(claim([counted, context], sources=("lab", "press")))["working"]["stability"]
        self.assertEqual((stability["measuredLevel"], stability["sources"], stability["capped"], stability["level"]),
                         ("high", 1, True, "medium"))

    def test_plain_writes_exact_values_without_trailing_zeros(self):
        for value, text in [("1.800", "1.8"), ("2.0", "2"), ("-0.00", "0"), ("1E+3", "1000"), ("1E-7", "0.0000001")]:
            self.assertEqual(ledger.plain(Decimal(value)), text)

    def test_unknown_factor_label_is_a_clear_error(self):
        with self.assertRaisesRegex(ledger.LedgerError, r"evidence\[0\]\.relevance: 'shouting'"):
            result_of(claim([link("a", relevance="shouting")]))


class RoundingTest(unittest.TestCase):
    def test_a_tie_rounds_to_even_or_away_from_zero(self):
        cases = [("0.125", "0.12", "0.13"), ("0.135", "0.14", "0.14"), ("-0.125", "-0.12", "-0.13"), ("2.5", "2", "3")]
        for value, even, up in cases:
            with self.subTest(value=value):
                places = 0 if value == "2.5" else 2
                self.assertEqual(ledger.fixed(ledger.round_to(Decimal(value), places, "half-even")), even)
                self.assertEqual(ledger.fixed(ledger.round_to(Decimal(value), places, "half-up")), up)

    def test_a_coverage_tie_follows_the_models_mode(self):
        eight = [f"check-{i}" for i in range(8)]
        reviews = [{"check": "check-0", "by": "m.ito", "on": "2026-10-04"}]  # 1 of 8 = 0.125
        even = result_of(claim(reviews=reviews), model(review={"checks": eight}))
        up = result_of(claim(reviews=reviews),
                       model(review={"checks": eight}, rounding={**STRICT["rounding"], "mode": "half-up"}))
        self.assertEqual(even["result"]["coverage"]["value"], "0.12")
        self.assertEqual(up["result"]["coverage"]["value"], "0.13")

    def test_negative_zero_is_written_as_zero(self):
        self.assertEqual(ledger.fixed(ledger.round_to(Decimal("-0.0000001"), 6, "half-even")), "0.000000")
        self.assertEqual(ledger.fixed(ledger.round_to(Decimal("-0.0000004"), 6, "half-up")), "0.000000")

    def test_every_decimal_has_its_declared_places(self):
        trace = result_of(claim([link("a", relevance="bears-directly", observation="measurement")]),
                          model(rounding={"mode": "half-even", "weight": "3", "probability": "2", "coverage": "1"}))
        self.assertEqual(trace["links"][0]["weight"], "1.000")
        result = trace["result"]
        self.assertEqual(result["posteriorLogOdds"], "1.000")
        self.assertEqual(result["probability"], "0.73")
        self.assertEqual(result["coverage"]["value"], "0.0")
        self.assertEqual(result["gradient"]["value"], "0.50")


if __name__ == "__main__":
    unittest.main()
