-- Live scoring (docs/live-scoring.md): the events a scorer taps courtside are the truth of a live
-- game; its box score, period scores and final score are derived from them. Appended by the game's
-- Durable Object in batches; the id is made by the scorer's device, so a replay is a no-op.
-- No data-version trigger: appending events must not turn the organization's edge cache cold
-- (the derived box score, written at period ends and at the final whistle, bumps it).
CREATE TABLE `game_events` (
	`game_id` integer NOT NULL REFERENCES `games`(`id`) ON DELETE cascade,
	`id` text NOT NULL,
	`organization_id` integer NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`position` integer NOT NULL,
	`device_id` text NOT NULL,
	`device_seq` integer NOT NULL,
	`player_id` integer,
	`team_id` integer,
	`action` text NOT NULL,
	`period` integer NOT NULL,
	`ref` text,
	`user_id` integer,
	`created_at` text NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`game_id`, `id`)
);--> statement-breakpoint
CREATE UNIQUE INDEX `game_events_position` ON `game_events` (`game_id`, `position`);--> statement-breakpoint
CREATE INDEX `game_events_org_received` ON `game_events` (`organization_id`, `received_at`);
