"""The browser client: static HTML, CSS and JavaScript modules served by crisis.server."""
