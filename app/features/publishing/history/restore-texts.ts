// The words every Restore of an article or case study uses (History's page and the editor's
// revision list), so both confirmations say the same about what stays.

/** What a restore of an existing item leaves as it is. */
export const restoreKeepsNote =
  "Only the text changes: the status, the schedule and the address stay as they are.";

/** The confirmation's question and what it says the restore replaces ("version" = the item's own). */
export function describeRestore(options: {
  version: number;
  itemTitle: string;
  /** 0 when the item was deleted: nothing is replaced. */
  currentNumber: number;
  note: string;
}): { title: string; description: string } {
  const { version, itemTitle, currentNumber, note } = options;
  const title = `Restore version ${version} of ${itemTitle}?`;
  if (!currentNumber)
    return { title, description: `${note} It gets the text of version ${version}.` };
  return {
    title,
    description: `This replaces the current version ${currentNumber} with a copy of version ${version}, saved as a new version. ${note} You can undo it by restoring version ${currentNumber}.`,
  };
}
