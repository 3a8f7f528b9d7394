"""The minimal app (one Text) served through our HTTP layer instead of `ft.run`.

Run: PYTHONPATH=$PWD python bench/floors/minimal_served.py --port 8551
What the serving alone gives a bare Flet app: the floor under our own app's
times in bench/transfer.py (the same client files, compressed and cached).
"""

import argparse

from minimal_app import main

from companion.serving import flet_quirks, web_app

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args()
    flet_quirks.apply()
    web_app.run(web_app.web_app(main), args.host, args.port)
