// The newsletter sign-up field: one email input and a Subscribe button.
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

export function NewsletterForm({
  className,
  inverse = false,
}: {
  className?: string;
  inverse?: boolean;
}) {
  const id = useId();
  return (
    <form method="post" className={cn("flex flex-col gap-2 sm:flex-row", className)}>
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Enter your email"
        className={cn(
          inverse && "border-white/20 bg-white/10 text-white placeholder:text-slate-300",
        )}
      />
      <Button type="submit" variant={inverse ? "accent" : "default"}>
        Subscribe
      </Button>
    </form>
  );
}
