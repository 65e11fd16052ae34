# syntax=docker/dockerfile:1

# The barkit HTTP API as a container image: a static Go binary on a
# distroless base (no shell, no package manager), run as a non-root user.
#
#   docker build -t barkit .
#   docker run --rm -p 8080:8080 barkit
#   curl -s localhost:8080/health
#
# The server listens on $PORT (8080 unless set with -e PORT=...; change the
# port through PORT rather than a -p flag, so that the health check finds
# it) and answers GET /health. The image has no curl: its HEALTHCHECK runs
# "barkit serve --check", which asks GET /health of the server on $PORT and
# exits 0 if it answers ok. On SIGTERM (docker stop) the server finishes
# the requests in progress and exits 0.

FROM golang:1.26 AS build
WORKDIR /src
# The module download is its own layer, cached while go.mod and go.sum
# stay the same.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/barkit ./cmd/barkit

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/barkit /usr/local/bin/barkit
# distroless's nonroot user, by number so that "run as non-root" policies
# can verify it.
USER 65532:65532
ENV PORT=8080 HOST=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/barkit", "serve", "--check"]
ENTRYPOINT ["/usr/local/bin/barkit"]
CMD ["serve"]
