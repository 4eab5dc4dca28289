// The public entry of modules/content (issue 25): Public content, the gallery, SEO pages and the content admin.
// Other modules and the composition root import only what is exported here.
export { publicContentRoutes } from './public.routes';
export { galleryRoutes } from './gallery.routes';
export { adminContentRoutes } from './admin.routes';
export { seoRoutes } from './seo.routes';
export { pick } from './present';
