// The new page's "Start from" choice: a blank page or a copy of an existing one (its title and
// blocks, as a draft at a new address). A plain GET form, so it works before and without JavaScript.
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";

export function StartFrom({
  pages,
  from,
}: {
  pages: readonly { id: string; title: string }[];
  /** The page the editor started from, or "" for a blank one. */
  from: string;
}) {
  if (pages.length === 0) return null;
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="start-from">Start from</Label>
        <NativeSelect id="start-from" name="from" defaultValue={from} className="w-auto max-w-full">
          <option value="">A blank page</option>
          {pages.map((page) => (
            <option key={page.id} value={page.id}>
              A copy of {page.title} (/{page.id})
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        Start
      </Button>
    </Form>
  );
}
