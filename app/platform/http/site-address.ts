// Whether a text is an address on this site (a path, with any query and fragment) as a browser
// will read it: the one check of block links, navigation, redirects and the way back after a post.
// Browsers read a backslash as /, drop tabs and line breaks, so "/\evil.example" leads elsewhere.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** The text with its %XX escapes of ASCII characters decoded, as often as they nest. */
function decodeAsciiEscapes(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round++) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Why a link of any kind holds what a browser reads otherwise than a person does (a tab, a line
 * break, another control character, a backslash), or undefined when it holds none.
 */
export function findLinkCharacterProblem(value: string): string | undefined {
  if (controlCharacter.test(value)) {
    return "An address cannot hold a tab, a line break or another control character";
  }
  if (value.includes("\\")) {
    return "An address cannot hold a backslash (\\): browsers read it as /, which can lead to another site";
  }
  return undefined;
}

/** Why the text is not an address on this site ("/contact?x=1#form"), or undefined when it is. */
export function findSiteAddressProblem(value: string): string | undefined {
  if (!value.startsWith("/")) return "An address on this site starts with / (as in /contact)";
  const decoded = decodeAsciiEscapes(value);
  for (const form of value === decoded ? [value] : [value, decoded]) {
    const problem = findLinkCharacterProblem(form);
    if (problem) return form === value ? problem : `${problem}, written encoded or not`;
  }
  if (decoded.startsWith("//")) {
    return "An address on this site starts with a single /: // leads to another site";
  }
  return undefined;
}

/** True for an address on this site that every browser keeps on this site. */
export function isSiteAddress(value: string): boolean {
  return findSiteAddressProblem(value) === undefined;
}
