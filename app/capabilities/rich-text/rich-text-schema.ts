// The zod field of stored rich text: documents that hold rich text declare it with this schema,
// and the sanitizer finds those fields by identity (sanitize.server.ts), so use it as is.
import { z } from "~/platform/zod";

export const richText = z.string().max(50_000, "Must be at most 50000 characters");
