"""Tests of the Python reference implementation's command line: score, verify and batch.

Run from the repository root:
    python3 -m unittest discover -s reference -p 'test_*.py'

Every expected figure is written as a decimal string, never compared as a float.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import unittest
from pathlib import Path

import ledger
from fixtures import LEDGER, SEED_003_VOTES, STRICT, claim, link, model, run_cli

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
        for slug, raw in (("eastbrook", claim([link("a")], votes=SEED_003_VOTES)),
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
        # codeHash covers the whole reference: ledger.py, then every ledger_*.py beside it by name.
        sources = sorted(LEDGER.parent.glob("ledger*.py"), key=lambda path: path.name)
        self.assertEqual(sources[0], LEDGER)
        self.assertGreater(len(sources), 1)
        source = b"".join(path.read_bytes() for path in sources)
        self.assertEqual(trace["codeHash"], "sha256:" + hashlib.sha256(source).hexdigest())

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
