import * as z from "zod/mini";

export const loginSchema = z.object({
  username: z.string({ error: "Enter your username" }).check(z.minLength(1, "Enter your username")),
  password: z.string({ error: "Enter your password" }).check(z.minLength(1, "Enter your password")),
});

export type Login = z.output<typeof loginSchema>;
