"""A stand-in for MyST-NB's glue, for .ci/acceptance.go -run only.

MyST-NB cannot be installed where the acceptance set runs (no PyPI there,
and Debian has no package of it), and the documentation notebooks that
glue values import it. glue(name, variable, display=True) records the
value as MyST-NB's documentation describes ("Saving variables to embed"):
a display output of the value's MIME bundle whose metadata
{"scrapbook": {"name": name, "mime_prefix": prefix}} names it; with
display=False its MIME types carry the prefix
"application/papermill.record/", which no front end shows.
"""

from IPython import get_ipython
from IPython.display import publish_display_data

_HIDDEN = "application/papermill.record/"


def glue(name, variable, display=True):
    data, metadata = get_ipython().display_formatter.format(variable)
    prefix = "" if display else _HIDDEN
    metadata = dict(metadata or {})
    metadata["scrapbook"] = {"name": name, "mime_prefix": prefix}
    publish_display_data({prefix + k: v for k, v in data.items()}, metadata=metadata)
