"""The baseline for ``request_path.py``: the thinnest Flask endpoints gunicorn can serve.

``GET /bare`` answers a small JSON document; ``POST /echo`` parses a JSON body and echoes
it.  Served with the very same gunicorn settings as the product, they are the speed of the
framework that the product's view and move are compared with.
"""

from __future__ import annotations

from flask import Flask, jsonify, request

app = Flask("bare")


@app.get("/bare")
def bare():
    return jsonify({"status": "ok", "version": 1})


@app.post("/echo")
def echo():
    return jsonify(request.get_json())
