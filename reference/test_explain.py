"""Tests of the reference's explanations (docs/design.md §6a) on claims whose figures are worked by hand.

sigma(x) = 1 / (1 + e^-x): sigma(1.5) = 0.81757..., sigma(0.5) = 0.62246..., sigma(1) = 0.73105...;
each distance from the logit of a state's ``from`` less half a unit of the probability's last
place: ln(0.89995 / 0.10005) = 2.1966691..., ln(0.69995 / 0.30005) = 0.8470597....
"""

import unittest

import explain

LEVELS = {"unverified": "1", "verified": "1", "doubted": "0.5", "refuted": "0"}


def model(name: str, **patch) -> dict:
    raw = {
        "name": name,
        "version": "1.0.0",
        "released": "2026-11-02",
        "basedOn": None,
        "summary": "A test model.",
        "changes": [],
        "relevance": {"states-outright": "2", "bears-directly": "1", "touches-subject": "0.3", "context-only": "0"},
        "observation": {"measurement": "1", "document": "0.5"},
        "interpretation": {"stepCost": "0.1", "floor": "0"},
        "authenticity": dict(LEVELS),
        "extraction": dict(LEVELS),
        "independence": "strongest-per-group-and-direction",
        "priors": {"factual": "0.5"},
        "notScored": {},
        "states": [
            {"from": "0", "state": "very-unlikely"},
            {"from": "0.1", "state": "unlikely"},
            {"from": "0.3", "state": "uncertain"},
            {"from": "0.7", "state": "likely"},
            {"from": "0.9", "state": "very-likely"},
        ],
        "rounding": {"mode": "half-even", "weight": "6", "probability": "4", "coverage": "2"},
        "stability": {"scales": ["0.7", "1.3"], "high": "0.1", "medium": "0.25", "minGroupsForHigh": "2"},
        "review": {"checks": ["primary-source-reviewed"]},
        "gradient": {"floor": "0.1", "neutral": "0.5", "trueFrom": "0.8", "falseTo": "0.2"},
    }
    raw.update(patch)
    return raw


def link(link_id: str, source: str, **patch) -> dict:
    raw = {
        "id": link_id,
        "source": source,
        "direction": "supports",
        "passage": "Words.",
        "locator": None,
        "relevance": "bears-directly",
        "observation": "measurement",
        "interpretationSteps": "0",
        "authenticity": "unverified",
        "extraction": "unverified",
        "recordedBy": None,
    }
    raw.update(patch)
    return raw


def claim(*links: dict, claim_type: str = "factual") -> dict:
    return {
        "statement": "A test claim.",
        "type": claim_type,
        "author": "author",
        "recorded": "2026-10-02",
        "note": None,
        "sources": [],
        "evidence": list(links),
        "reviews": [],
        "votes": [],
    }


class ExplainTest(unittest.TestCase):
    def test_a_verdict_that_hangs_on_one_link(self):
        doc = explain.explain(claim(link("a", "s1"), link("b", "s2", observation="document")), "c", "t@1.0.0", [("t@1.0.0", model("t"))])
        self.assertEqual(doc["result"], {"state": "likely", "probability": "0.8176", "posteriorLogOdds": "1.500000"})
        self.assertEqual([(r["link"], r["state"], r["change"]) for r in doc["withoutLink"]], [("a", "uncertain", "-1.000000"), ("b", "likely", "-0.500000")])
        self.assertEqual(
            doc["distance"],
            {
                "up": {"weight": "0.696670", "state": "very-likely", "probability": "0.9000"},
                "down": {"weight": "0.652941", "state": "uncertain", "probability": "0.6999"},
            },
        )
        self.assertEqual(
            [(e["edit"], e["to"], e["change"]) for e in doc["edits"]],
            [
                ("relevance", "touches-subject", "-0.700000"),
                ("remove", None, "-1.000000"),
                ("relevance", "states-outright", "1.000000"),
                ("authenticity", "refuted", "-1.000000"),
                ("extraction", "refuted", "-1.000000"),
            ],
        )

    def test_a_dependent_link_and_a_model_that_counts_every_link(self):
        models = [("t@1.0.0", model("t")), ("c@1.0.0", model("c", independence="count-every-link"))]
        doc = explain.explain(claim(link("a", "s1"), link("b", "s1", observation="document")), "c", "t@1.0.0", models)
        self.assertEqual([r["change"] for r in doc["withoutLink"]], ["-0.500000", "0.000000"])
        self.assertEqual(doc["models"][1]["settings"], [{"setting": "independence", "state": "likely", "posteriorLogOdds": "1.500000", "change": "0.500000"}])

    def test_a_tie_at_a_boundary_half_even_and_half_up(self):
        states = [{"from": "0", "state": "no"}, {"from": "1", "state": "yes"}]
        rounding = {"weight": "6", "probability": "0", "coverage": "2"}
        models = [
            ("e@1.0.0", model("e", states=states, rounding={"mode": "half-even", **rounding})),
            ("u@1.0.0", model("u", states=states, rounding={"mode": "half-up", **rounding})),
        ]
        balanced = claim(link("for", "s1"), link("against", "s2", direction="opposes"))
        even = explain.explain(balanced, "c", "e@1.0.0", models)
        up = explain.explain(balanced, "c", "u@1.0.0", models)
        self.assertEqual(even["distance"], {"up": {"weight": "0.000001", "state": "yes", "probability": "1"}, "down": None})
        self.assertEqual(up["distance"], {"up": None, "down": {"weight": "0.000001", "state": "no", "probability": "0"}})
        self.assertEqual([s["setting"] for s in even["models"][1]["settings"]], ["rounding.mode"])

    def test_refusals(self):
        doc = explain.explain(claim(link("a", "s1"), claim_type="opinion"), "c", "t@1.0.0", [("t@1.0.0", model("t"))])
        self.assertEqual((doc["result"]["state"], doc["withoutLink"], doc["distance"], doc["edits"]), ("not-applicable", None, None, None))
        one = explain.explain(claim(link("a", "s1", observation="document")), "c", "t@1.0.0", [("t@1.0.0", model("t"))])
        self.assertEqual(one["withoutLink"][0]["state"], "insufficient-evidence")
        self.assertEqual([e["state"] for e in one["edits"]][-3:], ["insufficient-evidence"] * 3)


if __name__ == "__main__":
    unittest.main()
