-- Moving an organization to another database (docs/scaling.md "Moving an organization").
-- `org_moves` (read in the home database `DB`): each move's progress, one step at a time.
-- `org_write_locks` (in every database): an organization whose writes this database refuses —
-- `paused` while it is copied and checked, `moved` once the directory names another database
-- (a stale isolate can never write into the old copy), `purging` only inside the mover's own
-- batches (which may delete, and whose triggers update). The triggers below refuse every write of a locked organization inside the
-- write's own transaction with 'courtside organization moving', which the Worker answers with 503
-- and Retry-After (worker/index.ts). Tables written only by triggers of guarded tables (box_lines,
-- the totals) and the audit tables need no guard of their own. Written out for the tables of
-- migrations 0000–0029; test/worker/org-move.test.ts fails when a table that names an organization has none.
CREATE TABLE `org_moves` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`step` text DEFAULT 'pause' NOT NULL,
	`table_name` text,
	`after_key` text,
	`copied` integer DEFAULT 0 NOT NULL,
	`started_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `org_write_locks` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`mode` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `availability_insert_move_guard` BEFORE INSERT ON `availability` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `availability_update_move_guard` BEFORE UPDATE ON `availability` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `availability_delete_move_guard` BEFORE DELETE ON `availability` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `availability_alerts_insert_move_guard` BEFORE INSERT ON `availability_alerts` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `availability_alerts_update_move_guard` BEFORE UPDATE ON `availability_alerts` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `availability_alerts_delete_move_guard` BEFORE DELETE ON `availability_alerts` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `bracket_slots_insert_move_guard` BEFORE INSERT ON `bracket_slots` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `bracket_slots_update_move_guard` BEFORE UPDATE ON `bracket_slots` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `bracket_slots_delete_move_guard` BEFORE DELETE ON `bracket_slots` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `brackets_insert_move_guard` BEFORE INSERT ON `brackets` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `brackets_update_move_guard` BEFORE UPDATE ON `brackets` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `brackets_delete_move_guard` BEFORE DELETE ON `brackets` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `businesses_insert_move_guard` BEFORE INSERT ON `businesses` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `businesses_update_move_guard` BEFORE UPDATE ON `businesses` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `businesses_delete_move_guard` BEFORE DELETE ON `businesses` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `byes_insert_move_guard` BEFORE INSERT ON `byes` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `byes_update_move_guard` BEFORE UPDATE ON `byes` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `byes_delete_move_guard` BEFORE DELETE ON `byes` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `court_closures_insert_move_guard` BEFORE INSERT ON `court_closures` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `court_closures_update_move_guard` BEFORE UPDATE ON `court_closures` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `court_closures_delete_move_guard` BEFORE DELETE ON `court_closures` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `courts_insert_move_guard` BEFORE INSERT ON `courts` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `courts_update_move_guard` BEFORE UPDATE ON `courts` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `courts_delete_move_guard` BEFORE DELETE ON `courts` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `divisions_insert_move_guard` BEFORE INSERT ON `divisions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `divisions_update_move_guard` BEFORE UPDATE ON `divisions` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `divisions_delete_move_guard` BEFORE DELETE ON `divisions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_events_insert_move_guard` BEFORE INSERT ON `game_events` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_events_update_move_guard` BEFORE UPDATE ON `game_events` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_events_delete_move_guard` BEFORE DELETE ON `game_events` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_periods_insert_move_guard` BEFORE INSERT ON `game_periods` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_periods_update_move_guard` BEFORE UPDATE ON `game_periods` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `game_periods_delete_move_guard` BEFORE DELETE ON `game_periods` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `games_insert_move_guard` BEFORE INSERT ON `games` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `games_update_move_guard` BEFORE UPDATE ON `games` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `games_delete_move_guard` BEFORE DELETE ON `games` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_insert_move_guard` BEFORE INSERT ON `league_tiebreakers` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_update_move_guard` BEFORE UPDATE ON `league_tiebreakers` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_delete_move_guard` BEFORE DELETE ON `league_tiebreakers` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `leagues_insert_move_guard` BEFORE INSERT ON `leagues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `leagues_update_move_guard` BEFORE UPDATE ON `leagues` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `leagues_delete_move_guard` BEFORE DELETE ON `leagues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `mail_deliveries_insert_move_guard` BEFORE INSERT ON `mail_deliveries` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `mail_deliveries_update_move_guard` BEFORE UPDATE ON `mail_deliveries` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `mail_deliveries_delete_move_guard` BEFORE DELETE ON `mail_deliveries` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkey_challenges_insert_move_guard` BEFORE INSERT ON `member_passkey_challenges` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkey_challenges_update_move_guard` BEFORE UPDATE ON `member_passkey_challenges` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkey_challenges_delete_move_guard` BEFORE DELETE ON `member_passkey_challenges` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkeys_insert_move_guard` BEFORE INSERT ON `member_passkeys` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkeys_update_move_guard` BEFORE UPDATE ON `member_passkeys` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_passkeys_delete_move_guard` BEFORE DELETE ON `member_passkeys` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_sign_in_links_insert_move_guard` BEFORE INSERT ON `member_sign_in_links` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_sign_in_links_update_move_guard` BEFORE UPDATE ON `member_sign_in_links` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `member_sign_in_links_delete_move_guard` BEFORE DELETE ON `member_sign_in_links` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `members_insert_move_guard` BEFORE INSERT ON `members` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `members_update_move_guard` BEFORE UPDATE ON `members` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `members_delete_move_guard` BEFORE DELETE ON `members` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `notifications_insert_move_guard` BEFORE INSERT ON `notifications` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `notifications_update_move_guard` BEFORE UPDATE ON `notifications` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `notifications_delete_move_guard` BEFORE DELETE ON `notifications` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `organization_sports_insert_move_guard` BEFORE INSERT ON `organization_sports` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `organization_sports_update_move_guard` BEFORE UPDATE ON `organization_sports` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `organization_sports_delete_move_guard` BEFORE DELETE ON `organization_sports` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `organizations_update_move_guard` BEFORE UPDATE ON `organizations` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `organizations_delete_move_guard` BEFORE DELETE ON `organizations` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `period_scores_insert_move_guard` BEFORE INSERT ON `period_scores` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `period_scores_update_move_guard` BEFORE UPDATE ON `period_scores` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `period_scores_delete_move_guard` BEFORE DELETE ON `period_scores` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attribute_values_insert_move_guard` BEFORE INSERT ON `player_attribute_values` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attribute_values_update_move_guard` BEFORE UPDATE ON `player_attribute_values` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attribute_values_delete_move_guard` BEFORE DELETE ON `player_attribute_values` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attributes_insert_move_guard` BEFORE INSERT ON `player_attributes` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attributes_update_move_guard` BEFORE UPDATE ON `player_attributes` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_attributes_delete_move_guard` BEFORE DELETE ON `player_attributes` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_game_stats_insert_move_guard` BEFORE INSERT ON `player_game_stats` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_game_stats_update_move_guard` BEFORE UPDATE ON `player_game_stats` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_game_stats_delete_move_guard` BEFORE DELETE ON `player_game_stats` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `players_insert_move_guard` BEFORE INSERT ON `players` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `players_update_move_guard` BEFORE UPDATE ON `players` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `players_delete_move_guard` BEFORE DELETE ON `players` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `roster_invites_insert_move_guard` BEFORE INSERT ON `roster_invites` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `roster_invites_update_move_guard` BEFORE UPDATE ON `roster_invites` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `roster_invites_delete_move_guard` BEFORE DELETE ON `roster_invites` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rosters_insert_move_guard` BEFORE INSERT ON `rosters` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rosters_update_move_guard` BEFORE UPDATE ON `rosters` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rosters_delete_move_guard` BEFORE DELETE ON `rosters` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedule_slots_insert_move_guard` BEFORE INSERT ON `schedule_slots` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedule_slots_update_move_guard` BEFORE UPDATE ON `schedule_slots` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedule_slots_delete_move_guard` BEFORE DELETE ON `schedule_slots` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedules_insert_move_guard` BEFORE INSERT ON `schedules` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedules_update_move_guard` BEFORE UPDATE ON `schedules` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `schedules_delete_move_guard` BEFORE DELETE ON `schedules` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `score_reports_insert_move_guard` BEFORE INSERT ON `score_reports` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `score_reports_update_move_guard` BEFORE UPDATE ON `score_reports` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `score_reports_delete_move_guard` BEFORE DELETE ON `score_reports` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_insert_move_guard` BEFORE INSERT ON `seasons` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_update_move_guard` BEFORE UPDATE ON `seasons` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_delete_move_guard` BEFORE DELETE ON `seasons` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_insert_move_guard` BEFORE INSERT ON `seasons_leagues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_update_move_guard` BEFORE UPDATE ON `seasons_leagues` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_delete_move_guard` BEFORE DELETE ON `seasons_leagues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_teams_insert_move_guard` BEFORE INSERT ON `seasons_leagues_teams` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_teams_update_move_guard` BEFORE UPDATE ON `seasons_leagues_teams` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_teams_delete_move_guard` BEFORE DELETE ON `seasons_leagues_teams` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `site_pages_insert_move_guard` BEFORE INSERT ON `site_pages` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `site_pages_update_move_guard` BEFORE UPDATE ON `site_pages` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `site_pages_delete_move_guard` BEFORE DELETE ON `site_pages` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_definitions_insert_move_guard` BEFORE INSERT ON `stat_definitions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_definitions_update_move_guard` BEFORE UPDATE ON `stat_definitions` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `stat_definitions_delete_move_guard` BEFORE DELETE ON `stat_definitions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `teams_insert_move_guard` BEFORE INSERT ON `teams` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `teams_update_move_guard` BEFORE UPDATE ON `teams` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `teams_delete_move_guard` BEFORE DELETE ON `teams` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `user_sports_insert_move_guard` BEFORE INSERT ON `user_sports` WHEN EXISTS (SELECT 1 FROM `users` u JOIN `org_write_locks` l ON l.`organization_id` = u.`organization_id` WHERE u.`id` = NEW.`user_id` AND l.`mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `user_sports_update_move_guard` BEFORE UPDATE ON `user_sports` WHEN EXISTS (SELECT 1 FROM `users` u JOIN `org_write_locks` l ON l.`organization_id` = u.`organization_id` WHERE u.`id` = NEW.`user_id` AND l.`mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `user_sports_delete_move_guard` BEFORE DELETE ON `user_sports` WHEN EXISTS (SELECT 1 FROM `users` u JOIN `org_write_locks` l ON l.`organization_id` = u.`organization_id` WHERE u.`id` = OLD.`user_id` AND l.`mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `users_insert_move_guard` BEFORE INSERT ON `users` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `users_update_move_guard` BEFORE UPDATE ON `users` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_move_guard` BEFORE DELETE ON `users` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `venues_insert_move_guard` BEFORE INSERT ON `venues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `venues_update_move_guard` BEFORE UPDATE ON `venues` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `venues_delete_move_guard` BEFORE DELETE ON `venues` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `week_offs_insert_move_guard` BEFORE INSERT ON `week_offs` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `week_offs_update_move_guard` BEFORE UPDATE ON `week_offs` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `week_offs_delete_move_guard` BEFORE DELETE ON `week_offs` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
