// Finds the route pattern a URL path falls under, ranked as React Router ranks them (a static
// segment before a parameter before a splat), in steps per segment of the path rather than per
// route: the page cache asks it for every URL it has not seen lately.

/** The value of the pattern a path falls under, or undefined when none does. */
export type PathMatcher<T> = (path: string) => { value: T } | undefined;

type Node<T> = {
  statics: Map<string, Node<T>>;
  param?: Node<T>;
  /** A pattern that ends here ("/blog"). */
  end?: { value: T };
  /** A pattern that ends here with a splat ("/api/*"): this node and anything below it. */
  splat?: { value: T };
};

function createNode<T>(): Node<T> {
  return { statics: new Map() };
}

/** The segments of a path, decoded as React Router decodes them; "/" has none. */
function splitPath(path: string): string[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (!segment.includes("%")) return segment.toLowerCase();
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

function matchNode<T>(node: Node<T>, segments: string[], at: number): { value: T } | undefined {
  if (at === segments.length) return node.end ?? node.splat;
  const segment = segments[at] ?? "";
  const statically = node.statics.get(segment);
  const found =
    (statically && matchNode(statically, segments, at + 1)) ??
    (node.param && matchNode(node.param, segments, at + 1));
  return found ?? node.splat;
}

/**
 * A matcher of React Router path patterns ("/services/:slug", "/api/*"); of two patterns with the
 * same path the first one given wins. Paths match case-insensitively, as React Router's do.
 */
export function createPathMatcher<T>(
  patterns: Iterable<readonly [pattern: string, value: T]>,
): PathMatcher<T> {
  const root = createNode<T>();
  for (const [pattern, value] of patterns) {
    let node = root;
    const segments = pattern.split("/").filter(Boolean);
    for (const [index, segment] of segments.entries()) {
      if (segment === "*") {
        if (index !== segments.length - 1) throw new Error(`A splat must end ${pattern}`);
        node.splat ??= { value };
        break;
      }
      if (segment.endsWith("?")) throw new Error(`Optional segments are not supported: ${pattern}`);
      if (segment.startsWith(":")) {
        node.param ??= createNode();
        node = node.param;
        continue;
      }
      const key = segment.toLowerCase();
      let child = node.statics.get(key);
      if (!child) {
        child = createNode();
        node.statics.set(key, child);
      }
      node = child;
    }
    if (segments.at(-1) !== "*") node.end ??= { value };
  }
  return (path) => matchNode(root, splitPath(path), 0);
}
