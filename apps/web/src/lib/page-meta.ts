/**
 * What a page tells the document head from its loader data (features export a `meta(data)` that the
 * router puts in the route's handle; app/RouteEffects applies it).
 */
export interface RouteMeta {
  /** Text (already in the visitor's language, e.g. from the server). */
  title?: string;
  /** Or a key, e.g. an admin resource's label. */
  titleKey?: string;
  description?: string;
}
