// The tags of an HTML page with their attributes, for tests that check stored input is rendered inert.

/**
 * The real tags of an HTML page with their attributes (quoted values read whole, so text inside an
 * attribute, such as a meta description, is not taken for a tag). Script bodies hold only JSON
 * with "<" escaped, and text is escaped by React, so every "<" left starts a real tag.
 */
export function listTags(html: string) {
  const tagPattern =
    /<([a-z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi;
  const attributePattern = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  return [...html.matchAll(tagPattern)].map(([, name = "", attributes = ""]) => ({
    name: name.toLowerCase(),
    attributes: [...attributes.matchAll(attributePattern)].map(
      ([, attribute = "", double, single, bare]) =>
        [attribute.toLowerCase(), double ?? single ?? bare ?? ""] as const,
    ),
  }));
}
