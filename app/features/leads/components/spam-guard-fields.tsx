// The anti-spam fields of the public forms: a honeypot that people never see or reach (hidden
// from screen readers, out of the tab order) and the signed time the form was shown.
import { useId } from "react";

export function SpamGuardFields({ formToken }: { formToken?: string }) {
  const id = useId();
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
        <label htmlFor={id}>Leave this field empty</label>
        <input
          id={id}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {formToken ? <input type="hidden" name="formToken" value={formToken} /> : null}
    </>
  );
}
