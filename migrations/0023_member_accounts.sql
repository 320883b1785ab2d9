-- Hand-written: passkey challenges (docs/members.md "Passkeys", docs/decisions/2026-11-28-member-passkeys.md).
-- A WebAuthn challenge is issued by the server and used up once by the statement that checks it
-- (DELETE … RETURNING), for one purpose, in one organization, within 5 minutes.
CREATE TABLE `member_passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`member_id` integer,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `member_passkey_challenges_expiry` ON `member_passkey_challenges` (`expires_at`);
