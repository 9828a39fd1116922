"""Tests of the Python reference implementation.

Run from the repository root:
    python3 -m unittest discover -s reference -p 'test_*.py'

Every expected figure is written as a decimal string, never compared as a float.
"""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
import tempfile
import unittest
from decimal import Decimal
from pathlib import Path

import ledger

LEDGER = Path(__file__).with_name("ledger.py")

# ledger-strict@0.1.0 as docs/design.md §2 declares it, in its canonical JSON form.
STRICT = {
    "name": "ledger-strict",
    "version": "0.1.0",
    "released": "2026-11-02",
    "basedOn": "ledger@1.0.0",
    "summary": "One paragraph in plain words.",
    "changes": ["What this version changed."],
    "relevance": {"states-outright": "2.0", "bears-directly": "1.0", "touches-subject": "0.3", "context-only": "0"},
    "observation": {
        "measurement": "1.0",
        "official-record": "0.9",
        "document": "0.8",
        "first-hand-account": "0.6",
        "second-hand-report": "0.35",
        "rumour": "0.1",
        "model-output": "0",
    },
    "interpretation": {"stepCost": "0.15", "floor": "0"},
    "authenticity": {"unverified": "1", "verified": "1", "doubted": "0.5", "refuted": "0"},
    "extraction": {"unverified": "1", "verified": "1", "doubted": "0.5", "refuted": "0"},
    "independence": "strongest-per-group-and-direction",
    "priors": {"factual": "0.5", "statistical": "0.5", "causal": "0.3"},
    "notScored": {
        "value-judgement": "A value judgement is not settled by evidence.",
        "prediction": "A prediction is not scored until it resolves.",
        "rhetorical-question": "A rhetorical question asserts nothing to score.",
    },
    "states": [
        {"from": "0", "state": "very-unlikely"},
        {"from": "0.1", "state": "unlikely"},
        {"from": "0.3", "state": "uncertain"},
        {"from": "0.7", "state": "likely"},
        {"from": "0.9", "state": "very-likely"},
    ],
    "rounding": {"mode": "half-even", "weight": "6", "probability": "4", "coverage": "2"},
    "stability": {"scales": ["0.7", "1.3"], "high": "0.10", "medium": "0.25", "minGroupsForHigh": "2"},
    "review": {
        "checks": ["primary-source-reviewed", "opposing-search-done", "independence-reviewed", "qualifiers-reviewed"]
    },
    "gradient": {"floor": "0.1", "neutral": "0.5", "trueFrom": "0.8", "falseTo": "0.2"},
}


def model(**changes) -> dict:
    """A copy of STRICT with top-level keys replaced."""
    result = copy.deepcopy(STRICT)
    result.update(changes)
    return result


def link(id, source="lab", direction="supports", relevance="states-outright", observation="official-record",
         steps="0", authenticity="verified", extraction="unverified"):
    """One evidence link in the normalised form."""
    return {
        "id": id,
        "source": source,
        "direction": direction,
        "passage": f"Passage of {id}.",
        "locator": None,
        "relevance": relevance,
        "observation": observation,
        "interpretationSteps": steps,
        "authenticity": authenticity,
        "extraction": extraction,
        "recordedBy": "r.okafor",
    }


def claim(evidence=(), type="factual", reviews=(), votes=(), sources=("lab",)) -> dict:
    """A normalised claim (a trace's input)."""
    return {
        "statement": "The Eastbrook water plant met the 2025 lead limit in every quarterly test.",
        "type": type,
        "author": "r.okafor",
        "recorded": "2026-10-02",
        "note": None,
        "sources": [{"id": s, "name": f"Source {s}", "url": None} for s in sources],
        "evidence": list(evidence),
        "reviews": list(reviews),
        "votes": list(votes),
    }


def vote(reputation, value, voter="v"):
    return {"voter": voter, "reputation": reputation, "value": value}


def result_of(raw_claim, raw_model=STRICT) -> dict:
    return ledger.score(raw_claim, raw_model, "example", code="sha256:test")


def run_cli(*args, stdin: str | None = None, timeout: float | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(LEDGER), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


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
    VOTES = [vote("800", "0.9", "alice"), vote("200", "0.8", "bob"), vote("50", "0.3", "carol")]

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


class CommandLineTest(unittest.TestCase):
    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(lambda: __import__("shutil").rmtree(self.dir))

    def write(self, relative: str, value) -> Path:
        path = self.dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
        return path

    def publish_site(self) -> Path:
        """A tiny published site: one model and two traces written by `score`, working included."""
        site = self.dir / "site"
        self.write("site/models/ledger-strict@0.1.0/model.json", STRICT)
        for slug, raw in (("eastbrook", claim([link("a")], votes=Seed003GradientTest.VOTES)),
                          ("forecast", claim(type="prediction"))):
            claim_path = self.write(f"{slug}.json", raw)
            done = run_cli("score", str(claim_path), "--model", str(site / "models/ledger-strict@0.1.0/model.json"))
            self.assertEqual(done.returncode, 0, done.stderr)
            trace = json.loads(done.stdout)
            self.write(f"site/claims/{slug}/ledger-strict@0.1.0/trace.json", json.dumps(trace, indent=2))
        return site

    def trace_path(self, site: Path, slug: str = "eastbrook") -> Path:
        return site / f"claims/{slug}/ledger-strict@0.1.0/trace.json"

    def edit_trace(self, site: Path, change, slug: str = "eastbrook") -> None:
        path = self.trace_path(site, slug)
        trace = json.loads(path.read_text(encoding="utf-8"))
        change(trace)
        path.write_text(json.dumps(trace, indent=2), encoding="utf-8")

    def make_manifest(self, site: Path) -> None:
        files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
        lines = [f"{hashlib.sha256((site / f).read_bytes()).hexdigest()}  {f}\n" for f in files if f != "MANIFEST.sha256"]
        (site / "MANIFEST.sha256").write_text("".join(lines), encoding="utf-8")

    def test_score_prints_an_indented_trace_named_after_the_file(self):
        claim_path = self.write("eastbrook-lead.json", claim([link("a")]))
        model_path = self.write("model.json", STRICT)
        done = run_cli("score", str(claim_path), "--model", str(model_path))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(done.stdout.startswith('{\n  "traceFormat": 1,'))
        trace = json.loads(done.stdout)
        self.assertEqual(trace["claim"], "eastbrook-lead")
        self.assertEqual(trace["codeHash"], "sha256:" + hashlib.sha256(LEDGER.read_bytes()).hexdigest())

    def test_score_accepts_a_published_trace(self):
        site = self.publish_site()
        trace_path = site / "claims/eastbrook/ledger-strict@0.1.0/trace.json"
        done = run_cli("score", str(trace_path), "--model", str(site / "models/ledger-strict@0.1.0/model.json"))
        self.assertEqual(json.loads(done.stdout), json.loads(trace_path.read_text(encoding="utf-8")))

    def test_score_reports_bad_files_without_a_traceback(self):
        model_path = self.write("model.json", STRICT)
        broken = self.write("broken.json", '{"type": ')
        cases = [(str(self.dir / "absent.json"), "file not found"), (str(broken), "invalid JSON")]
        for path, message in cases:
            done = run_cli("score", path, "--model", str(model_path))
            self.assertEqual(done.returncode, 1)
            self.assertIn(message, done.stderr)
            self.assertIn(Path(path).name, done.stderr)
            self.assertNotIn("Traceback", done.stderr)

    def test_verify_reproduces_a_published_site(self):
        done = run_cli("verify", str(self.publish_site()))
        self.assertEqual(done.returncode, 0, done.stdout)
        self.assertEqual(done.stdout.strip(), "2 traces reproduced, 0 differ")

    def test_verify_detects_a_tampered_trace(self):
        site = self.publish_site()
        path = site / "claims/eastbrook/ledger-strict@0.1.0/trace.json"
        trace = json.loads(path.read_text(encoding="utf-8"))
        trace["result"]["probability"] = "0.9000"
        path.write_text(json.dumps(trace, indent=2), encoding="utf-8")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "1 traces reproduced, 1 differ")
        self.assertEqual(lines[1], 'claims/eastbrook/ledger-strict@0.1.0/trace.json: result.probability: '
                                   'expected "0.8581", published "0.9000"')

    def test_verify_detects_a_tampered_input_by_its_hash(self):
        site = self.publish_site()
        path = site / "claims/forecast/ledger-strict@0.1.0/trace.json"
        trace = json.loads(path.read_text(encoding="utf-8"))
        trace["input"]["statement"] = "Something else."
        path.write_text(json.dumps(trace), encoding="utf-8")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        self.assertIn("claims/forecast/ledger-strict@0.1.0/trace.json: inputHash: expected", done.stdout)

    def test_verify_names_a_missing_model_and_a_broken_trace(self):
        site = self.publish_site()
        (site / "models/ledger-strict@0.1.0/model.json").unlink()
        self.write("site/claims/zzz/trace.json", "{ not json")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        self.assertIn("0 traces reproduced, 3 differ", done.stdout)
        self.assertIn("models/ledger-strict@0.1.0/model.json: file not found", done.stdout)
        self.assertIn("claims/zzz/trace.json", done.stdout)
        self.assertIn("invalid JSON", done.stdout)
        self.assertNotIn("Traceback", done.stdout + done.stderr)

    def test_verify_compares_the_working_a_page_shows(self):
        site = self.publish_site()

        def change(trace):
            trace["working"]["probability"]["rounded"] = "0.1111"

        self.edit_trace(site, change)
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1, done.stdout)
        self.assertIn(
            'claims/eastbrook/ledger-strict@0.1.0/trace.json: working.probability.rounded: '
            'expected "0.8581", published "0.1111"',
            done.stdout,
        )

    def test_verify_warns_of_traces_made_by_other_code_without_failing(self):
        site = self.publish_site()
        other = "sha256:" + "0" * 64
        self.edit_trace(site, lambda trace: trace.update(codeHash=other), slug="forecast")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 0, done.stdout)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "2 traces reproduced, 0 differ")
        self.assertTrue(lines[1].startswith("warning: claims/"), lines)
        self.assertIn("codeHash", lines[1])
        self.assertEqual(len(lines), 2)

    def test_verify_refuses_a_malformed_code_hash(self):
        site = self.publish_site()
        self.edit_trace(site, lambda trace: trace.update(codeHash=7))
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        self.assertIn("trace.json: codeHash: must be sha256:<64 hex digits>, got 7", done.stdout)

    def test_verify_refuses_decimals_out_of_bounds_naming_the_file_and_field(self):
        cases = [
            ("trace", '"reputation": "800"', '"reputation": "1e100000000"', "input.votes[0].reputation", "exponent"),
            ("trace", '"reputation": "800"', '"reputation": "0.' + "1" * 41 + '"', "input.votes[0].reputation",
             "41 significant digits"),
            ("trace", '"traceFormat": 1', '"traceFormat": 1e100000000', "traceFormat", "JSON number"),
            ("model", '"stepCost":"0.15"', '"stepCost":"1e-100000000"', "interpretation.stepCost", "exponent"),
        ]
        for kind, old, new, field, why in cases:
            with self.subTest(field=field, new=new[:40]):
                site = self.publish_site()
                path = self.trace_path(site) if kind == "trace" else site / "models/ledger-strict@0.1.0/model.json"
                text = path.read_text(encoding="utf-8")
                if kind == "model":
                    text = json.dumps(json.loads(text), separators=(",", ":"))
                self.assertIn(old, text)
                path.write_text(text.replace(old, new, 1), encoding="utf-8")
                done = run_cli("verify", str(site), timeout=20)
                self.assertEqual(done.returncode, 1, done.stdout)
                name = "claims/eastbrook/ledger-strict@0.1.0/trace.json" if kind == "trace" else "models/ledger-strict@0.1.0/model.json"
                line = next((l for l in done.stdout.splitlines() if f"{name}: {field}: refused:" in l), None)
                self.assertIsNotNone(line, done.stdout)
                self.assertIn(why, line)
                self.assertNotIn("Traceback", done.stdout + done.stderr)

    def test_verify_refuses_symbolic_links_and_reads_nothing_through_them(self):
        site = self.publish_site()
        outside = self.write("outside/model.json", STRICT)
        real = site / "models/ledger-strict@0.1.0/model.json"
        real.unlink()
        real.symlink_to(outside)
        (site / "claims/elsewhere").symlink_to(self.dir / "outside", target_is_directory=True)
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1, done.stdout)
        self.assertIn("models/ledger-strict@0.1.0/model.json: is a symbolic link", done.stdout)
        self.assertIn("claims/elsewhere: is a symbolic link", done.stdout)
        # The model behind the link is not read: the traces cannot be re-scored.
        self.assertIn("models/ledger-strict@0.1.0/model.json: file not found", done.stdout)

    def test_verify_checks_the_manifest_of_a_snapshot(self):
        site = self.publish_site()
        self.make_manifest(site)
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 0, done.stdout)
        self.assertEqual(done.stdout.splitlines()[0], "3 files match MANIFEST.sha256")
        self.write("site/extra.html", "<p>added</p>")
        (site / "models/ledger-strict@0.1.0/model.json").write_text(json.dumps(STRICT, indent=1), encoding="utf-8")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stdout.splitlines()[0], "2 files do not match MANIFEST.sha256")
        self.assertIn("extra.html: not listed in MANIFEST.sha256", done.stdout)
        self.assertIn("models/ledger-strict@0.1.0/model.json: changed after the snapshot was made", done.stdout)

    def test_verify_refuses_manifest_paths_out_of_the_folder_without_reading_them(self):
        site = self.publish_site()
        secret = self.write("secret.txt", "not the site's")
        self.make_manifest(site)
        with (site / "MANIFEST.sha256").open("a", encoding="utf-8") as manifest:
            manifest.write(f"{'0' * 64}  ../secret.txt\n{'0' * 64}  /etc/hostname\n")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1)
        self.assertIn('MANIFEST.sha256: line 4: refused path "../secret.txt": climbs out of the snapshot', done.stdout)
        self.assertIn('MANIFEST.sha256: line 5: refused path "/etc/hostname": an absolute path', done.stdout)
        self.assertNotIn(hashlib.sha256(secret.read_bytes()).hexdigest(), done.stdout)

    def test_verify_checks_published_models_against_a_lock_in_the_site(self):
        site = self.publish_site()
        recorded = "sha256:" + "e" * 64
        self.write("site/models/released.lock", f"# comment\nledger-strict@0.1.0 {recorded}\n")
        done = run_cli("verify", str(site))
        self.assertEqual(done.returncode, 1, done.stdout)
        self.assertIn(
            f"models/ledger-strict@0.1.0/model.json: released model ledger-strict@0.1.0 was edited: "
            f"models/released.lock records {recorded} but the published model.json hashes to "
            f"{ledger.hash_canonical(STRICT)}",
            done.stdout,
        )
        self.write("site/models/released.lock", f"ledger-strict@0.1.0 {ledger.hash_canonical(STRICT)}\n")
        self.assertEqual(run_cli("verify", str(site)).returncode, 0)

    def test_verify_with_no_traces_fails(self):
        done = run_cli("verify", str(self.dir))
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stdout.strip(), "0 traces found")

    def test_batch_writes_one_line_per_case_and_survives_errors(self):
        cases = [
            {"slug": "a", "model": STRICT, "claim": claim([link("a")])},
            {"slug": "b", "model": STRICT, "claim": claim([link("a", relevance="shouting")])},
            "not json at all",
            {"slug": "c", "model": model(independence="count-every-link"), "claim": claim()},
        ]
        stdin = "\n".join(c if isinstance(c, str) else json.dumps(c) for c in cases) + "\n"
        done = run_cli("batch", stdin=stdin)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(len(lines), 4)
        first = json.loads(lines[0])
        self.assertEqual(first["result"]["probability"], "0.8581")
        self.assertNotIn(" ", lines[0].split('"input"')[0].replace('"statement"', ""))
        self.assertIn("shouting", json.loads(lines[1])["error"])
        self.assertIn("error", json.loads(lines[2]))
        self.assertEqual(json.loads(lines[3])["result"]["state"], "insufficient-evidence")


if __name__ == "__main__":
    unittest.main()
