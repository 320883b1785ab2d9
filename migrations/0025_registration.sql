-- Hand-written: registration, waivers, payments and free agents (docs/registration.md,
-- docs/decisions/2026-11-29-registration.md). Amounts are INTEGER minor units (cents) in the
-- organization's currency.
ALTER TABLE `organizations` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- One league's registration in one season, set up by staff. The waiver's text is versioned: a new
-- text raises waiver_version, and only signatures of the current version count.
CREATE TABLE `registration_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`seasons_league_id` integer NOT NULL,
	`opens_at` text NOT NULL,
	`closes_at` text NOT NULL,
	`team_fee` integer,
	`player_fee` integer,
	`team_capacity` integer,
	`pay_at_gym` integer DEFAULT false NOT NULL,
	`free_agents` integer DEFAULT true NOT NULL,
	`questions` text DEFAULT '[]' NOT NULL,
	`eligibility` text,
	`waiver_text` text DEFAULT '' NOT NULL,
	`waiver_version` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seasons_league_id`) REFERENCES `seasons_leagues`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `registration_settings_sl` ON `registration_settings` (`seasons_league_id`);--> statement-breakpoint
CREATE INDEX `registration_settings_org` ON `registration_settings` (`organization_id`);--> statement-breakpoint
-- A team's or a free agent's registration. status: held (a place kept while the member pays, until
-- held_until), paid (a verified payment event confirmed it), gym (confirmed, paid at the gym),
-- waitlisted, released (checkout abandoned, declined or expired), refunded.
CREATE TABLE `registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`seasons_league_id` integer NOT NULL,
	`kind` text NOT NULL,
	`member_id` integer,
	`player_id` integer,
	`team_name` text,
	`colours` text,
	`answers` text DEFAULT '{}' NOT NULL,
	`birth_date` text,
	`availability` text,
	`status` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`pay_at_gym` integer DEFAULT false NOT NULL,
	`checkout_session_id` text,
	`payment_intent_id` text,
	`held_until` integer,
	`paid_at` text,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`team_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seasons_league_id`) REFERENCES `seasons_leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `registrations_sl_status` ON `registrations` (`seasons_league_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `registrations_org` ON `registrations` (`organization_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_checkout` ON `registrations` (`checkout_session_id`) WHERE `checkout_session_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `registrations_held` ON `registrations` (`status`,`held_until`);--> statement-breakpoint
-- A signed waiver: the version signed, the typed name, when, from which address and user agent.
CREATE TABLE `waiver_signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`member_id` integer,
	`waiver_version` integer NOT NULL,
	`typed_name` text NOT NULL,
	`signed_at` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `waiver_signatures_registration` ON `waiver_signatures` (`registration_id`);--> statement-breakpoint
-- Every payment provider event taken in, by its id: a replayed event finds its row and changes nothing.
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer,
	`registration_id` integer,
	`type` text NOT NULL,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `payment_events_org` ON `payment_events` (`organization_id`);--> statement-breakpoint
-- Refunds made through the provider's refund call, as it answered.
CREATE TABLE `registration_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`provider_refund_id` text NOT NULL,
	`amount` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `registration_refunds_provider` ON `registration_refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `registration_refunds_registration` ON `registration_refunds` (`registration_id`);--> statement-breakpoint
-- A player suspended by staff (until a date, or open-ended): the "not suspended" eligibility condition.
CREATE TABLE `player_suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`until` text,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `player_suspensions_player` ON `player_suspensions` (`player_id`);--> statement-breakpoint
CREATE TRIGGER `registration_settings_raises_version` AFTER UPDATE ON `registration_settings` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `registration_settings` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `registrations_raises_version` AFTER UPDATE ON `registrations` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `registrations` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
-- The public form and its places left are cached under the organization's data version (migration 0002).
CREATE TRIGGER `registration_settings_insert_bumps_version` AFTER INSERT ON `registration_settings` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `registration_settings_update_bumps_version` AFTER UPDATE ON `registration_settings` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `registration_settings_delete_bumps_version` AFTER DELETE ON `registration_settings` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `registrations_insert_bumps_version` AFTER INSERT ON `registrations` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `registrations_update_bumps_version` AFTER UPDATE ON `registrations` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `registrations_delete_bumps_version` AFTER DELETE ON `registrations` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;
