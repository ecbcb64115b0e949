// Building the page's DOM. Stored strings only ever become Text nodes (never HTML): `el` appends a
// string child with createTextNode, and attributes are set one by one by our own code.

type Child = Node | string | number | null | undefined | false;

export interface Props {
  readonly class?: string;
  readonly [attribute: string]: string | number | boolean | undefined;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    // Event handler attributes would be code: never set from here.
    if (/^on/i.test(name)) throw new Error(`el(): refusing attribute ${name}`);
    node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

/** Replaces everything inside `node`. */
export function replace(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, ...children);
}
