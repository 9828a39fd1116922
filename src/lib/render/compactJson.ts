/**
 * JSON laid out as a person writes it: a part that fits on its line is written on one line, with a
 * space after each `:` and `,`; a part that does not is written one member to a line, indented. The
 * same characters as json-stringify-pretty-compact (`stringify(value, { indent, maxLength })`, which
 * the tests hold this to), in time proportional to the value's size.
 *
 * The library writes each part it cannot fit with `JSON.stringify` before it looks inside, so a
 * part at depth d is written d times over; a claim page's trace, some hundreds of lines deep in
 * objects, spent a seventh of a build worker's time there. Here each part's one-line form is built
 * once, from its members' (kept by object until the call ends), and only its length is needed to
 * decide.
 */

/** A value with a `toJSON` method, as `JSON.stringify` calls it. */
interface WithToJson {
  toJSON(key?: string): unknown;
}

const hasToJson = (value: unknown): value is WithToJson =>
  typeof value === 'object' && value !== null && typeof (value as Partial<WithToJson>).toJSON === 'function';

/** A number, string or boolean in an object, which `JSON.stringify` writes as the value inside. */
const isBoxed = (value: object): boolean =>
  value instanceof Number || value instanceof String || value instanceof Boolean;

/** `value` written compact on one line, with a space after each `:` and `,` (undefined as `JSON.stringify` gives it). */
type OneLine = (value: unknown, key: string) => string | undefined;

/** One-line forms of the objects met in one call, so that no part is written twice. */
function oneLineWriter(): OneLine {
  const written = new Map<object, string>();
  const quoted = new Map<string, string>();
  const quote = (key: string): string => {
    let found = quoted.get(key);
    if (found === undefined) quoted.set(key, (found = JSON.stringify(key)));
    return found;
  };
  const oneLine: OneLine = (given, key) => {
    const value = hasToJson(given) ? given.toJSON(key) : given;
    if (typeof value !== 'object' || value === null || isBoxed(value)) return JSON.stringify(value);
    let text = written.get(value);
    if (text !== undefined) return text;
    if (Array.isArray(value)) {
      text = '[';
      for (let i = 0; i < value.length; i++)
        text += (i === 0 ? '' : ', ') + (oneLine(value[i] as unknown, String(i)) ?? 'null');
      text += ']';
    } else {
      text = '{';
      let first = true;
      for (const name of Object.keys(value)) {
        const member = oneLine((value as Record<string, unknown>)[name], name);
        if (member === undefined) continue;
        text += `${first ? '' : ', '}${quote(name)}: ${member}`;
        first = false;
      }
      text += '}';
    }
    written.set(value, text);
    return text;
  };
  return oneLine;
}

/**
 * `value` as JSON with `indent` (a string of spaces or tabs) before each level and no line longer
 * than `maxLength` where a part can be broken; undefined for a value JSON cannot write (undefined,
 * a function), as `JSON.stringify` returns it.
 */
export function compactJson(value: unknown, options: { indent: string; maxLength: number }): string | undefined {
  const { indent, maxLength } = options;
  const oneLine = oneLineWriter();
  const laidOut = (given: unknown, currentIndent: string, reserved: number): string | undefined => {
    const part = hasToJson(given) ? given.toJSON() : given;
    const flat = oneLine(part, '');
    if (flat === undefined) return undefined;
    if (flat.length <= maxLength - currentIndent.length - reserved) return flat;
    if (typeof part !== 'object' || part === null) return flat;
    const nextIndent = currentIndent + indent;
    const items: string[] = [];
    if (Array.isArray(part)) {
      for (let i = 0; i < part.length; i++)
        items.push(laidOut(part[i] as unknown, nextIndent, i === part.length - 1 ? 0 : 1) ?? 'null');
    } else {
      const keys = Object.keys(part);
      keys.forEach((name, i) => {
        const keyPart = `${JSON.stringify(name)}: `;
        const member = laidOut(
          (part as Record<string, unknown>)[name],
          nextIndent,
          keyPart.length + (i === keys.length - 1 ? 0 : 1),
        );
        if (member !== undefined) items.push(keyPart + member);
      });
    }
    // An object whose every member is left out is written as JSON writes it.
    if (items.length === 0) return flat;
    const [start, end] = Array.isArray(part) ? ['[', ']'] : ['{', '}'];
    return `${start}\n${currentIndent}${indent}${items.join(`,\n${nextIndent}`)}\n${currentIndent}${end}`;
  };
  return laidOut(value, '', 0);
}
