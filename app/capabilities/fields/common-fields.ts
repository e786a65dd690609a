// Fields many tables share, worded once: a section's heading and its introduction.

export const headingField = { key: "heading", label: "Heading", kind: "text", max: 200 } as const;
export const introField = {
  key: "intro",
  label: "Introduction",
  kind: "longText",
  max: 1000,
} as const;
