#!/usr/bin/ruby
# Record the heading ids kramdown renders for headings.txt, one document,
# into kramdown.json: Jekyll's default (input GFM, auto_ids) and kramdown's
# own parser (input kramdown). Run with Debian's jekyll (ruby-kramdown,
# ruby-kramdown-parser-gfm):
#   ruby oracle.rb > kramdown.json
require "json"
require "kramdown"
require "kramdown-parser-gfm"

headings = File.read("headings.txt", encoding: "utf-8").split("\n")
doc = headings.map { |h| "## " + h }.join("\n\n") + "\n"
out = { "versions" => { "kramdown" => Kramdown::VERSION }, "headings" => headings, "ids" => {} }
{ "GFM" => { input: "GFM", auto_ids: true, hard_wrap: false },
  "kramdown" => { input: "kramdown", auto_ids: true } }.each do |name, opts|
  html = Kramdown::Document.new(doc, opts).to_html
  ids = html.scan(/<h2(?: id="([^"]*)")?>/).map { |m| m[0] || "" }
  raise "#{name}: #{ids.length} ids" unless ids.length == headings.length
  out["ids"][name] = ids
end
# Block attribute lists on the line after a heading (ial.md).
ial = File.read("ial.md", encoding: "utf-8")
out["ial"] = {}
{ "GFM" => { input: "GFM", auto_ids: true }, "kramdown" => { input: "kramdown", auto_ids: true } }.each do |name, opts|
  out["ial"][name] = Kramdown::Document.new(ial, opts).to_html.scan(/<h2(?: id="([^"]*)")?/).map { |m| m[0] || "" }
end
# Footnote ids (footnotes.md).
out["footnotes"] = Kramdown::Document.new(File.read("footnotes.md", encoding: "utf-8"), input: "GFM").to_html.scan(/ id="([^"]*)"/).map { |m| m[0] }.sort
puts JSON.pretty_generate(out)
