// The embeddable widgets' one API call (docs/widgets.md).
import { z } from 'zod'

/** GET /widgets/version: the organization's data version; a new value means "read the widget again". */
export const widgetVersion = z.object({ version: z.string() })
export type WidgetVersion = z.output<typeof widgetVersion>
