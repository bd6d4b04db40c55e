# One image for the API and the workers (compose.yaml picks the command).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY api api
COPY services services
COPY solver solver
COPY workers workers
COPY web web
COPY greenroom greenroom
RUN pip install --no-cache-dir .
ENV PORT=8000 GREENROOM_DATA_DIR=/data
EXPOSE 8000
CMD ["greenroom-api"]
