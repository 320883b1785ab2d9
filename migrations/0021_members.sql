-- Hand-written: the league's people take part (docs/members.md, docs/decisions/2026-11-28-members.md).
-- Members are players who sign in with a one-time e-mail link (or a passkey); captains run their
-- team's roster; every member answers who is coming; captains report scores; changes reach the
-- people they affect by e-mail, fanned out on a Queue.
--
-- A player's e-mail (private: never on a public page, never to other members) and whether the
-- public site hides the player's name at their request.
ALTER TABLE `players` ADD `email` text;--> statement-breakpoint
ALTER TABLE `players` ADD `hide_name` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `players_org_email` ON `players` (`organization_id`,`email`) WHERE `email` IS NOT NULL;--> statement-breakpoint
-- Per league (docs/members.md "League rules"): roster size and deadline, the availability reminder's
-- lead time, the fewest "In" before a forfeit-risk alert, and the captains' score-report deadline.
ALTER TABLE `leagues` ADD `roster_size` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `roster_deadline` text;--> statement-breakpoint
ALTER TABLE `leagues` ADD `reminder_hours` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `min_players` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `report_deadline_hours` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
-- A captain of a team in a league of a season: captain rights on that roster (staff mark them).
ALTER TABLE `rosters` ADD `captain` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member account: one per e-mail per organization, linked to exactly one player record.
CREATE TABLE `members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`email` text NOT NULL,
	`language` text,
	`notifications` text DEFAULT '{}' NOT NULL,
	`session_epoch` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_sign_in_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `members_org_email` ON `members` (`organization_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `members_player` ON `members` (`player_id`);--> statement-breakpoint
-- Passkeys (WebAuthn) a member added after a first sign-in.
CREATE TABLE `member_passkeys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `member_passkeys_credential` ON `member_passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `member_passkeys_member` ON `member_passkeys` (`member_id`);--> statement-breakpoint
-- One-time sign-in links: only the SHA-256 of the token is kept; single use, 15 minutes, one organization.
CREATE TABLE `member_sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `member_sign_in_links_expiry` ON `member_sign_in_links` (`expires_at`);--> statement-breakpoint
-- Request throttles (sign-in links per address and per e-mail): counted and checked in one upsert.
CREATE TABLE `request_throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);--> statement-breakpoint
-- Invites to a team's roster: by e-mail (one person) or by share link (expiring, revocable, limited uses).
CREATE TABLE `roster_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`seasons_league_team_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` text,
	`player_id` integer,
	`token_hash` text NOT NULL,
	`max_uses` integer DEFAULT 1 NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seasons_league_team_id`) REFERENCES `seasons_leagues_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `roster_invites_token` ON `roster_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `roster_invites_slt` ON `roster_invites` (`seasons_league_team_id`);--> statement-breakpoint
-- Who is coming: one answer per rostered player per game.
CREATE TABLE `availability` (
	`organization_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`answer` text NOT NULL,
	`answered_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`game_id`, `player_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `availability_player` ON `availability` (`player_id`);--> statement-breakpoint
-- A captain's report of a game's final score (and optionally their team's box-score lines).
CREATE TABLE `score_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`member_id` integer,
	`reported_by` text NOT NULL,
	`score_team1` integer NOT NULL,
	`score_team2` integer NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `score_reports_game_team` ON `score_reports` (`game_id`,`team_id`);--> statement-breakpoint
CREATE INDEX `score_reports_org` ON `score_reports` (`organization_id`);--> statement-breakpoint
-- Changes waiting to reach a member (docs/notifications.md): written in the same batch as the change,
-- gathered per member into one e-mail by the queue consumer.
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`game_id` integer,
	`payload` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`delivery_id` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `notifications_pending` ON `notifications` (`member_id`,`delivery_id`);--> statement-breakpoint
CREATE INDEX `notifications_org_pending` ON `notifications` (`organization_id`,`delivery_id`);--> statement-breakpoint
-- One e-mail to one member: claimed once, sent once (a queue message delivered twice sends once).
CREATE TABLE `mail_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`member_id` integer,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`raw` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `mail_deliveries_org` ON `mail_deliveries` (`organization_id`,`id`);--> statement-breakpoint
CREATE TRIGGER `members_raises_version` AFTER UPDATE ON `members` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `members` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `roster_invites_raises_version` AFTER UPDATE ON `roster_invites` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `roster_invites` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `score_reports_raises_version` AFTER UPDATE ON `score_reports` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `score_reports` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
-- Notifications (docs/notifications.md): every change a member must hear of is written by these
-- triggers in the same transaction as the change, whichever route (desk, schedule builder, venues,
-- live scoring) made it: one row per affected member, gathered into one e-mail per member later.
-- Only games of a season the public can see (active or published) are announced.
CREATE TRIGGER `games_notify_added` AFTER INSERT ON `games` WHEN EXISTS (SELECT 1 FROM `seasons` s WHERE s.`id` = NEW.`season_id` AND (s.`active` = 1 OR s.`published` = 1)) BEGIN
  INSERT INTO `notifications` (`organization_id`, `member_id`, `kind`, `game_id`, `payload`, `created_at`)
  SELECT NEW.`organization_id`, x.`id`, 'game_added', NEW.`id`, '{}', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (SELECT DISTINCT m.`id` FROM `members` m
    JOIN `rosters` r ON r.`player_id` = m.`player_id`
    JOIN `seasons_leagues_teams` slt ON slt.`id` = r.`seasons_league_team_id`
    JOIN `seasons_leagues` sl ON sl.`id` = slt.`seasons_league_id`
    WHERE sl.`season_id` = NEW.`season_id` AND sl.`league_id` = NEW.`league_id` AND slt.`team_id` IN (NEW.`team1_id`, NEW.`team2_id`)) x;
END;--> statement-breakpoint
CREATE TRIGGER `games_notify_changed` AFTER UPDATE OF `date`, `time`, `location`, `venue_id`, `court_id` ON `games` WHEN (OLD.`date` IS NOT NEW.`date` OR OLD.`time` IS NOT NEW.`time` OR OLD.`location` IS NOT NEW.`location` OR OLD.`venue_id` IS NOT NEW.`venue_id` OR OLD.`court_id` IS NOT NEW.`court_id`) AND NEW.`status` IN ('scheduled', 'postponed') AND EXISTS (SELECT 1 FROM `seasons` s WHERE s.`id` = NEW.`season_id` AND (s.`active` = 1 OR s.`published` = 1)) BEGIN
  INSERT INTO `notifications` (`organization_id`, `member_id`, `kind`, `game_id`, `payload`, `created_at`)
  SELECT NEW.`organization_id`, x.`id`, 'game_changed', NEW.`id`, json_object('date', OLD.`date`, 'time', OLD.`time`, 'location', OLD.`location`, 'venueId', OLD.`venue_id`, 'courtId', OLD.`court_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (SELECT DISTINCT m.`id` FROM `members` m
    JOIN `rosters` r ON r.`player_id` = m.`player_id`
    JOIN `seasons_leagues_teams` slt ON slt.`id` = r.`seasons_league_team_id`
    JOIN `seasons_leagues` sl ON sl.`id` = slt.`seasons_league_id`
    WHERE sl.`season_id` = NEW.`season_id` AND sl.`league_id` = NEW.`league_id` AND slt.`team_id` IN (NEW.`team1_id`, NEW.`team2_id`)) x;
END;--> statement-breakpoint
CREATE TRIGGER `games_notify_status` AFTER UPDATE OF `status` ON `games` WHEN OLD.`status` IS NOT NEW.`status` AND NEW.`status` IN ('cancelled', 'postponed', 'completed', 'forfeit') AND EXISTS (SELECT 1 FROM `seasons` s WHERE s.`id` = NEW.`season_id` AND (s.`active` = 1 OR s.`published` = 1)) BEGIN
  INSERT INTO `notifications` (`organization_id`, `member_id`, `kind`, `game_id`, `payload`, `created_at`)
  SELECT NEW.`organization_id`, x.`id`, CASE NEW.`status` WHEN 'cancelled' THEN 'game_cancelled' WHEN 'postponed' THEN 'game_postponed' ELSE 'result' END, NEW.`id`, json_object('status', OLD.`status`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (SELECT DISTINCT m.`id` FROM `members` m
    JOIN `rosters` r ON r.`player_id` = m.`player_id`
    JOIN `seasons_leagues_teams` slt ON slt.`id` = r.`seasons_league_team_id`
    JOIN `seasons_leagues` sl ON sl.`id` = slt.`seasons_league_id`
    WHERE sl.`season_id` = NEW.`season_id` AND sl.`league_id` = NEW.`league_id` AND slt.`team_id` IN (NEW.`team1_id`, NEW.`team2_id`)) x;
END;--> statement-breakpoint
CREATE TRIGGER `seasons_notify_published` AFTER UPDATE OF `active`, `published` ON `seasons` WHEN OLD.`active` = 0 AND OLD.`published` = 0 AND (NEW.`active` = 1 OR NEW.`published` = 1) BEGIN
  INSERT INTO `notifications` (`organization_id`, `member_id`, `kind`, `game_id`, `payload`, `created_at`)
  SELECT NEW.`organization_id`, x.`id`, 'schedule_published', NULL, json_object('seasonId', NEW.`id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (SELECT DISTINCT m.`id` FROM `members` m
    JOIN `rosters` r ON r.`player_id` = m.`player_id`
    JOIN `seasons_leagues_teams` slt ON slt.`id` = r.`seasons_league_team_id`
    JOIN `seasons_leagues` sl ON sl.`id` = slt.`seasons_league_id`
    WHERE sl.`season_id` = NEW.`id`) x;
END;--> statement-breakpoint
CREATE INDEX `notifications_waiting` ON `notifications` (`organization_id`) WHERE `delivery_id` IS NULL;
-- players, leagues and rosters already bump the organization's data version (migration 0002); the
-- new tables are private to members and staff, never on a cached public page, so they do not.
-- Audit triggers: the newest *_audit_triggers.sql migration.
