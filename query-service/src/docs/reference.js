// Starts Swagger UI on the API reference page (`/api/docs`). A file of its own rather than an
// inline script, as the page's CSP lets scripts come from our origin only. The page names the
// document's URL, so it is written in one place.
const root = document.getElementById('swagger-ui')
window.ui = SwaggerUIBundle({
  url: root.dataset.url,
  domNode: root,
  deepLinking: true,
  // Swagger UI would otherwise send the document to swagger.io's validator for a badge.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: 'BaseLayout',
})
