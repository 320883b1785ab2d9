-- Hand-written: each organization's time zone (docs/decisions/2026-11-28-time-zones.md). Every
-- organization so far lived in Los Angeles time, so that is the default: no stored game changes
-- its instant or its local date and time.
ALTER TABLE `organizations` ADD `time_zone` text DEFAULT 'America/Los_Angeles' NOT NULL;
