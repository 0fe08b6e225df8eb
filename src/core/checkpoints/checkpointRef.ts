// A checkpoint as the conversation saves it: which commit of each folder's store holds the files at
// that moment, and what was left out. The files themselves stay in the stores.
import * as z from 'zod';

export const CheckpointRefSchema = z.object({
  id: z.string(),
  /** Why it was taken: "before your message", "before edit_file src/app.ts", … */
  label: z.string(),
  createdAt: z.number(),
  folders: z.array(z.object({ folder: z.string(), commit: z.string() })),
  /** Files not copied (too large), as `folder-relative path (reason)`. */
  leftOut: z.array(z.string()),
  /** Set when no checkpoint could be taken for this moment (it took too long, or failed): why. No folder is held then. */
  missing: z.optional(z.string()),
});
export type CheckpointRef = z.infer<typeof CheckpointRefSchema>;
