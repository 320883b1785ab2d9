CREATE INDEX `players_org_full_name` ON `players` (`organization_id`,`first_name`,`last_name`);--> statement-breakpoint
CREATE INDEX `players_org_first_lower` ON `players` (`organization_id`,lower("first_name"));--> statement-breakpoint
CREATE INDEX `players_org_last_lower` ON `players` (`organization_id`,lower("last_name"));