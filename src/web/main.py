# Placeholder browser entry point; replaced by the real glue.
from pyscript import document

document.getElementById("app").dataset.state = "ready"
