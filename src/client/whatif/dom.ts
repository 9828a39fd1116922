/**
 * Building the panel's elements. Every text goes in as a text node (textContent), never as markup:
 * claim texts and addresses come from strangers.
 */

/** A child of an element: an element, a text, or nothing. */
export type Child = Node | string | null | undefined | false;

/** An element with attributes (a `true` value writes the attribute's name alone) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | boolean | undefined>> = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

/** Appends children, texts as text nodes. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: readonly Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/** A select of options (value and words), with one selected. */
export function select(
  id: string,
  options: readonly (readonly [string, string])[],
  selected: string,
): HTMLSelectElement {
  const element = el('select', { id });
  for (const [value, words] of options) {
    const option = el('option', { value }, words);
    option.selected = value === selected;
    element.appendChild(option);
  }
  return element;
}

/** A label and its control, side by side. */
export function labelled(id: string, words: string, control: HTMLElement): HTMLElement {
  return el('span', { class: 'what-if-control' }, el('label', { for: id }, words), ' ', control);
}

/** Loads a classic script (no fetch, no module: it loads from file:// too). */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`cannot load ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * A link that downloads a text as a file, made from a Blob when it is pressed (so that it always
 * holds the latest what-if); nothing is sent anywhere.
 */
export function downloadLink(words: string, name: () => string, text: () => string): HTMLAnchorElement {
  const link = el('a', { href: '#', class: 'what-if-download' }, words);
  let url: string | null = null;
  link.addEventListener('click', () => {
    if (url !== null) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([text()], { type: 'application/json' }));
    link.href = url;
    link.download = name();
  });
  return link;
}
