ALTER TABLE `organizations` ADD `custom_hostname_id` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_status` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_ssl_status` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_records` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_error` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_action` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_stale_ids` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_retry_at` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `custom_hostname_checked_at` text;