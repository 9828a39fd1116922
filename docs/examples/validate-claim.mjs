// Validate claim files against the ledger's published JSON Schema, with js-yaml and Ajv.
//
//     node validate-claim.mjs claim.schema.json content/claims/*.yaml
//
// js-yaml's default schema turns `recorded: 2026-10-11` into a Date, which the schema (wanting the
// text) refuses: the dates are written back as YYYY-MM-DD before validating. (Loading with
// `{ schema: yaml.CORE_SCHEMA }` instead keeps them as text from the start.) Exits 1 if any file
// does not validate.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import yaml from 'js-yaml';

/** Every Date in a loaded value as the YYYY-MM-DD text the file wrote. */
const datesAsText = (value) => {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(datesAsText);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, datesAsText(item)]));
  return value;
};

const [schemaFile, ...claimFiles] = process.argv.slice(2);
const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
let failed = 0;
for (const file of claimFiles) {
  const claim = datesAsText(yaml.load(readFileSync(file, 'utf8')));
  if (validate(claim)) continue;
  for (const error of validate.errors ?? [])
    console.log(`${file}: ${error.instancePath || '(the file)'}: ${error.message}`);
  failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
