"""Tests of the Python reference implementation: the specification's worked examples, canonical JSON, refusals.

Also the claimant and independence; the score's shape and rounding are in test_ledger_score.py and
the command line in test_ledger_cli.py.

Run from the repository root:
    python3 -m unittest discover -s reference -p 'test_*.py'

Every expected figure is written as a decimal string, never compared as a float.
"""

from __future__ import annotations

import hashlib
import unittest
from decimal import Decimal

import ledger
from fixtures import SEED_003_VOTES, STRICT, claim, link, model, result_of, vote

class Seed000InterpretationTest(unittest.TestCase):
    def test_two_interpretation_steps_give_0_70(self):
        factor = ledger.interpretation_factor(Decimal("2"), ledger.read_model(STRICT))
        self.assertEqual(factor, Decimal("0.70"))

    def test_two_steps_on_a_unit_link_weigh_0_700000(self):
        trace = result_of(claim([link("a", relevance="bears-directly", observation="measurement", steps="2")]))
        self.assertEqual(trace["links"][0]["weight"], "0.700000")

    def test_interpretation_never_goes_below_the_floor(self):
        factor = ledger.interpretation_factor(Decimal("9"), ledger.read_model(STRICT))
        self.assertEqual(factor, Decimal("0"))

    def test_link_weight_multiplies_every_factor(self):
        # 2.0 x 0.9 x (1 - 0.15) x 0.5 x 1 = 0.765
        trace = result_of(claim([link("a", steps="1", authenticity="doubted")]))
        self.assertEqual(trace["links"][0]["weight"], "0.765000")


class Seed003GradientTest(unittest.TestCase):
    VOTES = SEED_003_VOTES

    def test_vote_weights_are_log_of_one_plus_reputation(self):
        strict = ledger.read_model(STRICT)
        weights = [ledger.vote_weight(Decimal(r), strict) for r in ("800", "200", "50")]
        self.assertEqual([ledger.fixed(w) for w in weights], ["6.685861", "5.303305", "3.931826"])
        # The seed's table shows the same weights at two places.
        self.assertEqual([ledger.fixed(ledger.round_to(w, 2, "half-even")) for w in weights], ["6.69", "5.30", "3.93"])

    def test_worked_example_gives_0_7185(self):
        gradient = result_of(claim(votes=self.VOTES))["result"]["gradient"]
        self.assertEqual(gradient, {"value": "0.7185", "status": "contested"})

    def test_no_votes_give_the_neutral_value(self):
        gradient = result_of(claim())["result"]["gradient"]
        self.assertEqual(gradient, {"value": "0.5000", "status": "no-votes"})

    def test_a_single_vote_gives_its_own_value(self):
        for reputation in ("0", "7", "800", "-3", "0.5"):
            with self.subTest(reputation=reputation):
                gradient = result_of(claim(votes=[vote(reputation, "0.37")]))["result"]["gradient"]
                self.assertEqual(gradient["value"], "0.3700")

    def test_zero_and_negative_reputation_get_the_floor(self):
        strict = ledger.read_model(STRICT)
        for reputation in ("0", "-50"):
            self.assertEqual(ledger.fixed(ledger.vote_weight(Decimal(reputation), strict)), "0.100000")

    def test_consensus_thresholds_are_inclusive(self):
        cases = [("0.8", "consensus-true"), ("0.2", "consensus-false"), ("0.79", "contested"), ("0.21", "contested")]
        for value, status in cases:
            with self.subTest(value=value):
                gradient = result_of(claim(votes=[vote("10", value)]))["result"]["gradient"]
                self.assertEqual(gradient["status"], status)


class CanonicalJsonTest(unittest.TestCase):
    def test_keys_are_sorted_and_there_is_no_whitespace(self):
        self.assertEqual(ledger.canonical_json({"b": ["1", None], "a": {"d": True, "c": "x"}}),
                         '{"a":{"c":"x","d":true},"b":["1",null]}')

    def test_keys_sort_by_utf16_code_units_not_code_points(self):
        # U+1F600 is the surrogate pair D83D DE00, which sorts before U+E000 in UTF-16.
        text = ledger.canonical_json({"\ue000": "1", "\U0001F600": "2", "z": "3"})
        self.assertEqual(text, '{"z":"3","\U0001F600":"2","\ue000":"1"}')

    def test_strings_are_escaped_as_json_stringify_does(self):
        self.assertEqual(ledger.canonical_json('q"b\\\b\t\n\f\r\x00\x1f\x7fé€'),
                         '"q\\"b\\\\\\b\\t\\n\\f\\r\\u0000\\u001f\x7fé€"')

    def test_lone_surrogates_are_escaped_in_lower_case(self):
        self.assertEqual(ledger.canonical_json("\udabc"), '"\\udabc"')

    def test_integers_and_literals(self):
        self.assertEqual(ledger.canonical_json([0, -12, True, False, None]), "[0,-12,true,false,null]")

    def test_non_string_decimals_are_refused(self):
        with self.assertRaises(ledger.LedgerError):
            ledger.canonical_json({"p": Decimal("0.5")})

    def test_hash_is_sha256_of_the_utf8_bytes(self):
        self.assertEqual(ledger.hash_canonical({}),
                         "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a")
        value = {"é": "ü", "a": []}
        expected = hashlib.sha256('{"a":[],"é":"ü"}'.encode("utf-8")).hexdigest()
        self.assertEqual(ledger.hash_canonical(value), "sha256:" + expected)

    def test_trace_hashes_cover_model_and_input(self):
        raw_claim = claim([link("a")])
        trace = result_of(raw_claim)
        self.assertEqual(trace["configHash"], ledger.hash_canonical(STRICT))
        self.assertEqual(trace["inputHash"], ledger.hash_canonical(raw_claim))
        self.assertNotEqual(result_of(claim([link("b")]))["inputHash"], trace["inputHash"])


class ClaimantTest(unittest.TestCase):
    """Who made the claim and where: optional, only hashed, never scored."""

    def with_claimant(self) -> dict:
        raw_claim = claim([link("a")])
        raw_claim["claimant"] = {"name": "Eastbrook Water Board", "url": None}
        raw_claim["appearances"] = [{"url": "https://example.org/board/press", "date": "2026-01-14"}]
        return raw_claim

    def test_claimant_and_appearances_are_hashed_but_not_scored(self):
        plain, named = result_of(claim([link("a")])), result_of(self.with_claimant())
        self.assertEqual(named["inputHash"], ledger.hash_canonical(self.with_claimant()))
        self.assertNotEqual(named["inputHash"], plain["inputHash"])
        self.assertEqual(named["result"], plain["result"])

    def test_a_claimant_without_a_name_is_a_clear_error(self):
        raw_claim = self.with_claimant()
        raw_claim["claimant"] = {"url": None}
        with self.assertRaisesRegex(ledger.LedgerError, r"^claimant\.name: is required"):
            result_of(raw_claim)

    def test_an_appearance_without_a_date_is_a_clear_error(self):
        raw_claim = self.with_claimant()
        raw_claim["appearances"] = [{"url": "https://example.org/x"}]
        with self.assertRaisesRegex(ledger.LedgerError, r"^appearances\[0\]\.date: is required"):
            result_of(raw_claim)


class RefusalTest(unittest.TestCase):
    def test_not_applicable_uses_the_models_reason(self):
        trace = result_of(claim([link("a")], type="prediction", votes=[vote("10", "1")],
                                reviews=[{"check": "primary-source-reviewed", "by": "m.ito", "on": "2026-10-04"}]))
        self.assertEqual(trace["result"], {
            "state": "not-applicable",
            "probability": None,
            "posteriorLogOdds": None,
            "reason": "A prediction is not scored until it resolves.",
            "stability": None,
            "coverage": {"done": 1, "declared": 4, "value": "0.25"},
            "gradient": {"value": "1.0000", "status": "consensus-true"},
        })
        # Links are still weighed and listed.
        self.assertEqual(trace["links"], [{"id": "a", "weight": "1.800000", "kept": True, "keptLink": None}])

    def test_not_applicable_without_a_declared_reason(self):
        result = result_of(claim(type="limerick"))["result"]
        self.assertEqual(result["state"], "not-applicable")
        self.assertEqual(result["reason"], "this model does not score claims of type limerick")

    def test_insufficient_evidence_when_nothing_counted_weighs_anything(self):
        evidence = [link("a", relevance="context-only"), link("b", source="bot", observation="model-output")]
        result = result_of(claim(evidence, sources=("lab", "bot")))["result"]
        self.assertEqual(result["state"], "insufficient-evidence")
        self.assertEqual(result["reason"],
                         "No counted evidence link has a weight above 0, so nothing has borne on the claim yet.")
        self.assertIsNone(result["probability"])
        self.assertIsNone(result["posteriorLogOdds"])
        self.assertIsNone(result["stability"])
        self.assertEqual(result["gradient"], {"value": "0.5000", "status": "no-votes"})

    def test_no_evidence_at_all_is_insufficient(self):
        self.assertEqual(result_of(claim())["result"]["state"], "insufficient-evidence")


class IndependenceTest(unittest.TestCase):
    def test_dependent_links_count_once_naming_the_strongest(self):
        evidence = [
            link("weak", observation="second-hand-report"),  # 2 x 0.35 = 0.7
            link("strong"),  # 2 x 0.9 = 1.8
            link("other-way", direction="opposes", relevance="touches-subject"),  # 0.3 x 0.9 = 0.27
        ]
        trace = result_of(claim(evidence))
        self.assertEqual(trace["links"], [
            {"id": "weak", "weight": "0.700000", "kept": False, "keptLink": "strong"},
            {"id": "strong", "weight": "1.800000", "kept": True, "keptLink": None},
            {"id": "other-way", "weight": "0.270000", "kept": True, "keptLink": None},
        ])
        self.assertEqual(trace["result"]["posteriorLogOdds"], "1.530000")

    def test_a_tie_keeps_the_first_in_file_order(self):
        trace = result_of(claim([link("first"), link("second")]))
        self.assertEqual([(l["kept"], l["keptLink"]) for l in trace["links"]], [(True, None), (False, "first")])

    def test_a_dependent_duplicate_changes_nothing(self):
        alone = result_of(claim([link("a")]))["result"]
        doubled = result_of(claim([link("a"), link("copy", observation="document")]))["result"]
        self.assertEqual(alone, doubled)

    def test_count_every_link_keeps_every_link(self):
        evidence = [link("weak", observation="second-hand-report"), link("strong")]
        trace = result_of(claim(evidence), model(independence="count-every-link"))
        self.assertEqual([(l["kept"], l["keptLink"]) for l in trace["links"]], [(True, None), (True, None)])
        self.assertEqual(trace["result"]["posteriorLogOdds"], "2.500000")


if __name__ == "__main__":
    unittest.main()
