-- The write guard of a moving organization (migration 0030, docs/scaling.md "Moving an organization")
-- on the tables added by migrations 0025 (registration) and 0027 (team constraints): a locked
-- organization's writes are refused inside the write's own transaction.
CREATE TRIGGER `team_constraints_insert_move_guard` BEFORE INSERT ON `team_constraints` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `team_constraints_update_move_guard` BEFORE UPDATE ON `team_constraints` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `team_constraints_delete_move_guard` BEFORE DELETE ON `team_constraints` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_settings_insert_move_guard` BEFORE INSERT ON `registration_settings` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_settings_update_move_guard` BEFORE UPDATE ON `registration_settings` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_settings_delete_move_guard` BEFORE DELETE ON `registration_settings` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registrations_insert_move_guard` BEFORE INSERT ON `registrations` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registrations_update_move_guard` BEFORE UPDATE ON `registrations` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registrations_delete_move_guard` BEFORE DELETE ON `registrations` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_insert_move_guard` BEFORE INSERT ON `waiver_signatures` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_update_move_guard` BEFORE UPDATE ON `waiver_signatures` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_delete_move_guard` BEFORE DELETE ON `waiver_signatures` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `payment_events_insert_move_guard` BEFORE INSERT ON `payment_events` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `payment_events_update_move_guard` BEFORE UPDATE ON `payment_events` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `payment_events_delete_move_guard` BEFORE DELETE ON `payment_events` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_refunds_insert_move_guard` BEFORE INSERT ON `registration_refunds` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_refunds_update_move_guard` BEFORE UPDATE ON `registration_refunds` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `registration_refunds_delete_move_guard` BEFORE DELETE ON `registration_refunds` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_suspensions_insert_move_guard` BEFORE INSERT ON `player_suspensions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_suspensions_update_move_guard` BEFORE UPDATE ON `player_suspensions` WHEN (EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = NEW.`organization_id` AND `mode` <> 'purging') OR EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging')) BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
--> statement-breakpoint
CREATE TRIGGER `player_suspensions_delete_move_guard` BEFORE DELETE ON `player_suspensions` WHEN EXISTS (SELECT 1 FROM `org_write_locks` WHERE `organization_id` = OLD.`organization_id` AND `mode` <> 'purging') BEGIN SELECT RAISE(ABORT, 'courtside organization moving'); END;
