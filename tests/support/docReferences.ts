/**
 * Finds references in the repository's text that could go stale: citations of the design
 * (`docs/design.md §4 step 8`), repository paths named in backticks in the documents, and relative
 * links between documents. Pure functions over text; the test feeds them the repository's files.
 */

/** A section of the design (`4`, `6a`) and the steps it numbers (empty when it has none). */
export interface DesignSections {
  readonly sections: ReadonlySet<string>;
  readonly steps: ReadonlyMap<string, number>;
}

/** One reference that does not resolve, with the line it is on. */
export interface BrokenReference {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** The numbered headings of docs/design.md ("## 4. …", "### 6a. …") and each section's numbered steps. */
export function designSections(markdown: string): DesignSections {
  const sections = new Set<string>();
  const steps = new Map<string, number>();
  let current: string | null = null;
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{2,3} (\d+[a-z]?)\. /.exec(line);
    if (heading?.[1] !== undefined) {
      current = heading[1];
      sections.add(current);
      continue;
    }
    const step = /^(\d+)\. /.exec(line);
    if (step?.[1] !== undefined && current !== null) {
      steps.set(current, Math.max(steps.get(current) ?? 0, Number(step[1])));
    }
  }
  return { sections, steps };
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The name of the design document the project once cited from outside the repository. */
const OUTSIDE_DESIGN = new RegExp(`\\b${'DESIGN'}(?:\\.md)?\\b`, 'g');

/**
 * Every citation of the design in `text` that names a section or step the design does not have, and
 * every citation of a design document outside the repository.
 */
export function brokenDesignReferences(text: string, design: DesignSections): BrokenReference[] {
  const broken: BrokenReference[] = [];
  for (const match of text.matchAll(/design\.md`?\]?(?:\([^)]*\))?\s*§\s*(\d+[a-z]?)(?:,? step (\d+))?/g)) {
    const [whole, section = '', step] = match;
    const line = lineOf(text, match.index);
    if (!design.sections.has(section)) {
      broken.push({ line, text: whole, why: `the design has no section ${section}` });
    } else if (step !== undefined && Number(step) > (design.steps.get(section) ?? 0)) {
      broken.push({ line, text: whole, why: `section ${section} of the design has no step ${step}` });
    }
  }
  for (const match of text.matchAll(OUTSIDE_DESIGN)) {
    broken.push({ line: lineOf(text, match.index), text: match[0], why: 'cite docs/design.md §n instead' });
  }
  return broken;
}

/** Folders whose paths, written in backticks, are paths in the repository. */
const REPO_FOLDERS = [
  'src/',
  'scripts/',
  'tests/',
  'models/',
  'content/',
  'reference/',
  'docs/',
  'public/',
  '.github/',
  '.ci/',
];

/** Files at the top of the repository that documents name without a folder. */
const TOP_LEVEL = /^(?:[A-Z][A-Z_-]*\.md|package(?:-lock)?\.json|tsconfig\.json|[a-z]+\.config\.(?:m?js|ts))$/;

/**
 * The repository path a backticked span names, or null when it names something else (a command, a
 * URL path such as `/claims/<slug>/`, a file of the built site). A `:line` or `#anchor` after the
 * path is left off.
 */
export function repoPath(span: string): string | null {
  const path = span
    .trim()
    .replace(/(?::\d+)+$/, '')
    .replace(/#.*$/, '');
  if (/\s/.test(path)) return null;
  if (REPO_FOLDERS.some((folder) => path.startsWith(folder))) return path;
  return TOP_LEVEL.test(path) ? path : null;
}

/** The backticked spans of a Markdown document outside fenced code blocks, with their lines. */
export function codeSpans(markdown: string): { span: string; line: number }[] {
  const spans: { span: string; line: number }[] = [];
  let inFence = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.trimStart().startsWith('```')) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    for (const match of text.matchAll(/`([^`]+)`/g)) spans.push({ span: match[1] ?? '', line: index + 1 });
  });
  return spans;
}

/** What a checker needs of the file system: does this path exist, and what is in this folder. */
export interface Files {
  exists(path: string): boolean;
  list(folder: string): readonly string[];
}

/**
 * Whether a repository path resolves. A path with `<placeholders>` or `*` in a segment is a pattern:
 * it resolves when at least one file matches it, segment by segment (`content/claims/<slug>.yaml`,
 * `models/*.yaml`). A path ending in `/` names a folder.
 */
export function resolves(path: string, files: Files): boolean {
  if (!/[<*]/.test(path)) return files.exists(path);
  const segments = path.replace(/\/$/, '').split('/');
  let candidates = [''];
  for (const segment of segments) {
    const next: string[] = [];
    for (const folder of candidates) {
      const joined = (name: string): string => (folder === '' ? name : `${folder}/${name}`);
      if (!/[<*]/.test(segment)) {
        if (files.exists(joined(segment))) next.push(joined(segment));
        continue;
      }
      const pattern = new RegExp(
        `^${segment
          .split(/(<[^>]*>|\*)/)
          .map((part) => (part === '*' || part.startsWith('<') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('')}$`,
      );
      next.push(
        ...files
          .list(folder === '' ? '.' : folder)
          .filter((name) => pattern.test(name))
          .map(joined),
      );
    }
    candidates = next;
  }
  return candidates.length > 0;
}

/** Every backticked repository path and every relative link of a document that does not resolve. */
export function brokenPaths(markdown: string, file: string, files: Files): BrokenReference[] {
  const broken: BrokenReference[] = [];
  for (const { span, line } of codeSpans(markdown)) {
    const path = repoPath(span);
    if (path !== null && !resolves(path, files)) broken.push({ line, text: span, why: 'no such path' });
  }
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  markdown.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? '').replace(/#.*$/, '');
      if (target === '' || /^[a-z]+:/.test(target) || target.startsWith('/')) continue;
      const parts: string[] = folder === '' ? [] : folder.split('/');
      for (const part of target.split('/')) {
        if (part === '..') parts.pop();
        else if (part !== '.' && part !== '') parts.push(part);
      }
      if (!files.exists(parts.join('/'))) broken.push({ line: index + 1, text: match[1] ?? '', why: 'broken link' });
    }
  });
  return broken;
}
