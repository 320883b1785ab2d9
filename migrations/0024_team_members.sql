-- Hand-written: captains, availability reminders and forfeit-risk alerts (docs/members.md "Captains",
-- "Availability", docs/decisions/2026-11-28-availability-alerts.md).
--
-- One row per alert the minute's work raised, so each is raised once per game (and team): the insert
-- that claims it (INSERT OR IGNORE … RETURNING) is what decides whether the alert is sent.
CREATE TABLE `availability_alerts` (
	`organization_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`kind` text NOT NULL,
	`in_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `team_id`, `kind`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `availability_alerts_org` ON `availability_alerts` (`organization_id`);--> statement-breakpoint
-- The minute's reminder looks for a member's reminder of a game: one index keeps it a seek.
CREATE INDEX `notifications_member_game_kind` ON `notifications` (`member_id`,`game_id`,`kind`);
