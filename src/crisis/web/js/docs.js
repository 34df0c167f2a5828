// The API reference page (/api/docs): start Swagger UI on the server's OpenAPI document.
// A file of its own rather than an inline script, so that the page runs under the server's
// Content-Security-Policy (script-src 'self') unchanged. The page names the document's URL
// in data-openapi-url; swagger-ui-bundle.js, loaded just before, defines SwaggerUIBundle.

(() => {
  const root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    // No badge fetched from the public validator: the page talks to this server only.
    validatorUrl: null,
  });
})();
