import { z } from 'zod';

/** Usernames: what login forms and URLs carry safely; compared case-insensitively. */
export const usernameSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -');

export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(256, 'must be at most 256 characters');

export const emailSchema = z.email('must be an email address').max(254, 'must be at most 254 characters');

/** `POST /users` */
export const createUserSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
});

/** `PUT /users/{userId}`: a full replacement; the password may be left out to keep it. */
export const replaceUserSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema.optional(),
  email: emailSchema,
  version: z.number().int().min(1).optional(),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type ReplaceUserInput = z.infer<typeof replaceUserSchema>;

export const userSortProperties = ['createdAt', 'username'] as const;
