-- Hand-written: each organization's languages and each user's (docs/decisions/2026-11-28-languages.md).
-- Every organization so far spoke English, so that is the default; a user without a language of
-- their own follows their organization's.
ALTER TABLE `organizations` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `languages` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;
